import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leads, companies, workspaces and what links them. Identities live in the `*_identifiers` tables:
 * their primary key (account_id, kind, value) is what makes "no duplicate lead/company" a fact the
 * database enforces, and a lead or company may own several values of one kind. The identifier
 * columns of `leads`/`companies` only show the value of each kind sent most recently.
 */
export class Ingestion1795300001000 implements MigrationInterface {
  name = 'Ingestion1795300001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const run = (sql: string) => queryRunner.query(sql);
    await run(`
      CREATE TABLE companies (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id uuid NOT NULL,
        unified_company_id text,
        domain text,
        linkedin_url text,
        name text,
        country text,
        employee_range text,
        industry text,
        description text,
        employee_count integer CHECK (employee_count >= 0),
        normalized_name text,
        normalized_industry text,
        normalized_name_overridden boolean NOT NULL DEFAULT false,
        normalized_industry_overridden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, id)
      )`);
    await run(`
      CREATE TABLE company_identifiers (
        account_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('unified_company_id', 'company_domain', 'company_linkedin_url')),
        value text NOT NULL,
        company_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, kind, value),
        FOREIGN KEY (account_id, company_id) REFERENCES companies (account_id, id) ON DELETE CASCADE
      )`);
    await run(
      `CREATE INDEX company_identifiers_company_idx ON company_identifiers (account_id, company_id)`,
    );
    await run(`
      CREATE TABLE leads (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id uuid NOT NULL,
        unified_lead_id text,
        email text,
        linkedin_url text,
        sales_navigator_url text,
        linkedin_id text,
        first_name text,
        last_name text,
        full_name text,
        country text,
        job_title text,
        seniority text,
        job_function text,
        linkedin_headline text,
        reporting_location text,
        company_id uuid,
        platform text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, id),
        FOREIGN KEY (account_id, company_id) REFERENCES companies (account_id, id)
      )`);
    // Partial on purpose: a full (account_id, company_id) index ties with the primary key for the
    // foreign-key checks of a fresh table (no statistics yet), and the planner's generic plan
    // then scans every lead of the account per inserted identifier: quadratic batches.
    await run(
      `CREATE INDEX leads_company_idx ON leads (account_id, company_id) WHERE company_id IS NOT NULL`,
    );
    await run(`
      CREATE TABLE lead_identifiers (
        account_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('unified_lead_id', 'lead_email', 'lead_linkedin_url', 'lead_sales_navigator_url', 'lead_linkedin_id')),
        value text NOT NULL,
        lead_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, kind, value),
        FOREIGN KEY (account_id, lead_id) REFERENCES leads (account_id, id) ON DELETE CASCADE
      )`);
    await run(`CREATE INDEX lead_identifiers_lead_idx ON lead_identifiers (account_id, lead_id)`);
    await run(`
      CREATE TABLE workspaces (
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id uuid NOT NULL,
        workspace_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, id),
        UNIQUE (account_id, workspace_id)
      )`);
    await run(`
      CREATE TABLE lead_workspaces (
        account_id uuid NOT NULL,
        workspace_id uuid NOT NULL,
        lead_id uuid NOT NULL,
        import_name text,
        list_source text,
        exclusion_reason text,
        icp text,
        tags text[],
        lead_status text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, workspace_id, lead_id),
        FOREIGN KEY (account_id, workspace_id) REFERENCES workspaces (account_id, id) ON DELETE CASCADE,
        FOREIGN KEY (account_id, lead_id) REFERENCES leads (account_id, id) ON DELETE CASCADE
      )`);
    await run(`CREATE INDEX lead_workspaces_lead_idx ON lead_workspaces (account_id, lead_id)`);
    await run(`
      CREATE TABLE lead_connections (
        account_id uuid NOT NULL,
        sender text NOT NULL,
        lead_id uuid NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, sender, lead_id),
        FOREIGN KEY (account_id, lead_id) REFERENCES leads (account_id, id) ON DELETE CASCADE
      )`);
    await run(`CREATE INDEX lead_connections_lead_idx ON lead_connections (account_id, lead_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'lead_connections',
      'lead_workspaces',
      'workspaces',
      'lead_identifiers',
      'leads',
      'company_identifiers',
      'companies',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
