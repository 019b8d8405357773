/**
 * Hand-written SQL straight on the database: the throughput limit the service is compared with,
 * and the fast preload of stored leads for the growth phase.
 */
import { Pool } from 'pg';
import {
  ItemRef,
  LEAD_EMAIL_DOMAIN,
  Space,
  WORKSPACES,
  companyDomain,
  describe,
  leadEmail,
  leadLinkedinUrl,
} from './data';

/** Scratch tables of the limit: one row per identity, no identifier tables, no foreign keys. */
export async function createRawTables(pool: Pool): Promise<void> {
  await pool.query(`
    CREATE SCHEMA bench_raw;
    CREATE TABLE bench_raw.companies (
      account_id uuid NOT NULL,
      domain text NOT NULL,
      name text,
      country text,
      employee_range text,
      industry text,
      employee_count integer,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, domain)
    );
    CREATE TABLE bench_raw.leads (
      account_id uuid NOT NULL,
      email text NOT NULL,
      linkedin_url text,
      first_name text,
      last_name text,
      country text,
      job_title text,
      seniority text,
      job_function text,
      linkedin_headline text,
      reporting_location text,
      company_domain text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, email)
    );
    CREATE TABLE bench_raw.lead_workspaces (
      account_id uuid NOT NULL,
      workspace_id text NOT NULL,
      email text NOT NULL,
      import_name text,
      list_source text,
      icp text,
      tags text[],
      lead_status text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, workspace_id, email)
    )`);
}

const INPUT_COLUMNS = [
  ['email', 'text'],
  ['linkedin_url', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['lead_country', 'text'],
  ['job_title', 'text'],
  ['seniority', 'text'],
  ['job_function', 'text'],
  ['linkedin_headline', 'text'],
  ['reporting_location', 'text'],
  ['domain', 'text'],
  ['company_name', 'text'],
  ['company_country', 'text'],
  ['employee_range', 'text'],
  ['industry', 'text'],
  ['employee_count', 'integer'],
  ['workspace_id', 'text'],
  ['import_name', 'text'],
  ['list_source', 'text'],
  ['icp', 'text'],
  ['tags', 'text'],
  ['lead_status', 'text'],
] as const;

const set = (columns: string[]) =>
  [...columns.map((c) => `${c} = EXCLUDED.${c}`), 'updated_at = now()'].join(', ');

/** One statement per batch: three upserts chained by data-modifying CTEs, one round trip. */
const RAW_BATCH_SQL = `
  WITH item AS (
    SELECT * FROM unnest(${INPUT_COLUMNS.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')})
      AS i(${INPUT_COLUMNS.map(([name]) => name).join(', ')})
  ), company AS (
    INSERT INTO bench_raw.companies AS t
      (account_id, domain, name, country, employee_range, industry, employee_count)
    SELECT DISTINCT ON (domain)
           $1::uuid, domain, company_name, company_country, employee_range, industry, employee_count
      FROM item ORDER BY domain
    ON CONFLICT (account_id, domain) DO UPDATE
      SET ${set(['name', 'country', 'employee_range', 'industry', 'employee_count'])}
  ), lead AS (
    INSERT INTO bench_raw.leads AS t
      (account_id, email, linkedin_url, first_name, last_name, country, job_title, seniority,
       job_function, linkedin_headline, reporting_location, company_domain)
    SELECT $1::uuid, email, linkedin_url, first_name, last_name, lead_country, job_title, seniority,
           job_function, linkedin_headline, reporting_location, domain
      FROM item ORDER BY email
    ON CONFLICT (account_id, email) DO UPDATE
      SET ${set(['linkedin_url', 'first_name', 'last_name', 'country', 'job_title', 'seniority', 'job_function', 'linkedin_headline', 'reporting_location', 'company_domain'])}
  )
  INSERT INTO bench_raw.lead_workspaces AS t
    (account_id, workspace_id, email, import_name, list_source, icp, tags, lead_status)
  SELECT $1::uuid, workspace_id, email, import_name, list_source, icp,
         string_to_array(tags, ','), lead_status
    FROM item ORDER BY workspace_id, email
  ON CONFLICT (account_id, workspace_id, email) DO UPDATE
    SET ${set(['import_name', 'list_source', 'icp', 'tags', 'lead_status'])}`;

/** The statement's parameters; built before the clock starts, like the HTTP bodies. */
export function rawBatchParams(accountId: string, items: readonly ItemRef[]): unknown[] {
  const columns: unknown[][] = INPUT_COLUMNS.map(() => []);
  for (const item of items) {
    const { email, linkedinUrl, lead, company, workspace } = describe(item);
    const row = [
      email,
      linkedinUrl,
      lead.firstName,
      lead.lastName,
      lead.country,
      lead.jobTitle,
      lead.seniority,
      lead.jobFunction,
      lead.headline,
      lead.location,
      company.domain,
      company.name,
      company.country,
      company.employeeRange,
      company.industry,
      company.employeeCount,
      workspace.id,
      workspace.importName,
      workspace.listSource,
      workspace.icp,
      workspace.tags.join(','),
      workspace.leadStatus,
    ];
    row.forEach((value, i) => columns[i].push(value));
  }
  return [accountId, ...columns];
}

export async function writeRawBatch(pool: Pool, params: unknown[]): Promise<void> {
  await pool.query(RAW_BATCH_SQL, params);
}

export async function countRawRows(
  pool: Pool,
): Promise<{ leads: number; companies: number; workspaceRows: number }> {
  const { rows } = await pool.query<{ leads: number; companies: number; memberships: number }>(
    `SELECT (SELECT count(*) FROM bench_raw.leads)::int AS leads,
            (SELECT count(*) FROM bench_raw.companies)::int AS companies,
            (SELECT count(*) FROM bench_raw.lead_workspaces)::int AS memberships`,
  );
  return { leads: rows[0].leads, companies: rows[0].companies, workspaceRows: rows[0].memberships };
}

const PRELOAD_CHUNK = 100_000;

/**
 * Writes leads `[from, to)` of `space` (lane 0) straight into the service's tables, the way the
 * service stores them: companies and leads with their identifier rows, and one workspace row per
 * lead. Identifiers use exactly the forms data.ts sends, so later requests update these leads.
 */
export async function preloadLeads(
  pool: Pool,
  accountId: string,
  space: Space,
  from: number,
  to: number,
): Promise<void> {
  const perCompany = space.leadsPerCompany;
  if (from % perCompany !== 0 || to % perCompany !== 0) {
    throw new Error(`preload range must be aligned to ${perCompany} leads per company`);
  }
  await pool.query(
    `INSERT INTO workspaces (account_id, id, workspace_id)
     SELECT $1::uuid, gen_random_uuid(), 'bench-ws-' || n FROM generate_series(0, $2::int - 1) AS n
     ON CONFLICT (account_id, workspace_id) DO NOTHING`,
    [accountId, WORKSPACES],
  );
  const chunks: [number, number][] = [];
  for (let start = from; start < to; start += PRELOAD_CHUNK) {
    chunks.push([start, Math.min(to, start + PRELOAD_CHUNK)]);
  }
  // Like pg_restore, skip the foreign-key triggers when the role may: the rows are consistent by
  // construction, and the checks on the identifiers and the row counts below would catch a slip.
  const { rows } = await pool.query<{ super: boolean }>(
    'SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user',
  );
  const skipTriggers = rows[0]?.super ?? false;
  // Two connections, as the limit uses: one chunk is one transaction.
  const next = () => chunks.shift();
  await Promise.all(
    [0, 1].map(async () => {
      for (let chunk = next(); chunk; chunk = next()) {
        await preloadChunk(pool, accountId, space, chunk, skipTriggers);
      }
    }),
  );
  await pool.query(
    'VACUUM (ANALYZE) companies, company_identifiers, leads, lead_identifiers, lead_workspaces',
  );
  // The preload writes ~1 GB of WAL for 900k leads; without this, the checkpoints it triggers run
  // during the timed batches and charge the preload's write-back to the service's per-item cost.
  // (CHECKPOINT needs superuser or pg_checkpoint; without it the figure carries that cost.)
  await pool.query('CHECKPOINT').catch((error: { code?: string }) => {
    if (error.code !== '42501') throw error;
  });
  await assertPreloadMatchesGenerator(pool, accountId, space, to - 1);
}

async function preloadChunk(
  pool: Pool,
  accountId: string,
  space: Space,
  [from, to]: [number, number],
  skipTriggers: boolean,
): Promise<void> {
  const client = await pool.connect();
  // Only trusted numbers and this file's own constants are inlined; the account is a parameter.
  const key = client.escapeLiteral(`${space.name}0-`);
  const perCompany = space.leadsPerCompany;
  const leadId = `md5('bench-lead-' || g)::uuid`;
  const companyId = (index: string) => `md5('bench-company-' || (${index}))::uuid`;
  const domain = (index: string) => `${key} || 'c' || (${index}) || '.example.com'`;
  const email = `${key} || g || '@${LEAD_EMAIL_DOMAIN}'`;
  const linkedinUrl = `'https://www.linkedin.com/in/' || ${key} || g`;
  const leads = `generate_series(${from}, ${to - 1}) AS g`;
  const companies = `generate_series(${from / perCompany}, ${to / perCompany - 1}) AS c`;
  const statements = [
    `INSERT INTO companies (account_id, id, domain, name, country, employee_range, industry,
                            employee_count, normalized_name, normalized_industry)
     SELECT $1::uuid, ${companyId('c')}, ${domain('c')}, 'Company ' || ${key} || c, 'France', '51-200',
            'Software', 10 + c % 5000, 'company ' || ${key} || c, 'Software'
       FROM ${companies}`,
    `INSERT INTO company_identifiers (account_id, kind, value, company_id)
     SELECT $1::uuid, 'company_domain', ${domain('c')}, ${companyId('c')} FROM ${companies}`,
    `INSERT INTO leads (account_id, id, email, linkedin_url, first_name, last_name, country,
                        job_title, seniority, job_function, linkedin_headline, reporting_location,
                        company_id, platform)
     SELECT $1::uuid, ${leadId}, ${email}, ${linkedinUrl}, 'First' || g, 'Last0x' || g, 'France',
            'Head of Sales r0', 'Manager', 'Sales', 'Helping teams ship faster (rev 0)',
            'France r0', ${companyId(`g / ${perCompany}`)}, 'bench'
       FROM ${leads}`,
    `INSERT INTO lead_identifiers (account_id, kind, value, lead_id)
     SELECT $1::uuid, 'lead_email', ${email}, ${leadId} FROM ${leads}
     UNION ALL
     SELECT $1::uuid, 'lead_linkedin_url', ${linkedinUrl}, ${leadId} FROM ${leads}`,
    `INSERT INTO lead_workspaces (account_id, workspace_id, lead_id, import_name, list_source,
                                  icp, tags, lead_status)
     SELECT $1::uuid, w.id, ${leadId}, 'Import r0', 'bench', 'tier ' || (1 + g % 3),
            ARRAY['bench', 'r0'], 'new'
       FROM ${leads}
       JOIN workspaces w
         ON w.account_id = $1::uuid AND w.workspace_id = 'bench-ws-' || (g % ${WORKSPACES})`,
  ];
  try {
    await client.query('BEGIN');
    if (skipTriggers) await client.query('SET LOCAL session_replication_role = replica');
    for (const sql of statements) await client.query(sql, [accountId]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The preload and the generator must agree on identifiers, or "updates" would create leads. */
async function assertPreloadMatchesGenerator(
  pool: Pool,
  accountId: string,
  space: Space,
  id: number,
): Promise<void> {
  const { rows } = await pool.query<{ found: number }>(
    `SELECT count(*)::int AS found FROM (
       SELECT 1 FROM lead_identifiers
        WHERE account_id = $1 AND (kind, value) IN (('lead_email', $2), ('lead_linkedin_url', $3))
       UNION ALL
       SELECT 1 FROM company_identifiers
        WHERE account_id = $1 AND kind = 'company_domain' AND value = $4) AS hit`,
    [
      accountId,
      leadEmail(space, 0, id),
      leadLinkedinUrl(space, 0, id),
      companyDomain(space, 0, Math.floor(id / space.leadsPerCompany)),
    ],
  );
  if (rows[0].found !== 3) {
    throw new Error('the preloaded identifiers do not match the generated ones (raw-sql.ts)');
  }
}
