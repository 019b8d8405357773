import { queriesDuring } from '../support/queries-during';
import { event, unique } from '../factories/event.factory';
import { eventsApi, EventsApi } from '../factories/events-api';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /v1/events: concurrency and set-based writes (e2e)', () => {
  let sut: TestApp;
  let api: EventsApi;
  let accountId: string;

  beforeAll(async () => {
    sut = await startTestApp();
    const account = await sut.newAccount();
    accountId = account.accountId;
    api = eventsApi(sut, account.apiKey);
  });

  afterAll(async () => {
    await sut.close();
  });

  const rows = async (sql: string, params: unknown[]) =>
    Number((await sut.dataSource.query(sql, params))[0].n);

  /** An item touching every table: lead, company, identifiers, workspace, connection. */
  function fullItem(tag: string) {
    return event({
      lead_email: `${tag}@example.com`,
      lead_linkedin_url: `https://www.linkedin.com/in/${tag}`,
      lead_first_name: 'First',
      company_domain: `${tag}.example.org`,
      company_name: `${tag} Inc`,
      workspace_id: 'ws-scale',
      icp: 'tier 1',
      tags: ['a', 'b'],
      sender: 'https://www.linkedin.com/in/scale-rep',
      linkedin_connection_level: 2,
    });
  }

  it('gives 40 concurrent requests carrying one new identity one lead, one company, and all 200', async () => {
    const tag = unique('race');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.post({ ...fullItem(tag), lead_job_title: `title ${i}`, lead_linkedin_url: undefined }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(responses.every((r) => r.body.success === 1)).toBe(true);
    const leads = await api.leads({ lead_email: `${tag}@example.com` });
    expect(leads).toHaveLength(1);
    expect(
      await rows(
        `SELECT count(*) AS n FROM lead_identifiers WHERE account_id = $1 AND value = $2`,
        [accountId, `${tag}@example.com`],
      ),
    ).toBe(1);
    expect(
      await rows(
        `SELECT count(*) AS n FROM company_identifiers WHERE account_id = $1 AND value = $2`,
        [accountId, `${tag}.example.org`],
      ),
    ).toBe(1);
    expect(
      await rows(`SELECT count(*) AS n FROM companies WHERE account_id = $1 AND name = $2`, [
        accountId,
        `${tag} Inc`,
      ]),
    ).toBe(1);
    expect(leads[0]).toMatchObject({ lead_job_title: expect.stringMatching(/^title \d+$/) });
  });

  it('gives concurrent batches overlapping in identities one lead per identity', async () => {
    const tags = Array.from({ length: 20 }, () => unique('overlap'));
    const batches = Array.from({ length: 8 }, (_, b) =>
      // Each batch carries the same identities in a different order.
      [...tags].sort(() => (b % 2 === 0 ? 1 : -1)).map((tag) => fullItem(tag)),
    );
    const responses = await Promise.all(batches.map((batch) => api.post(batch)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const tag of tags.slice(0, 5)) {
      expect(await api.leads({ lead_email: `${tag}@example.com` })).toHaveLength(1);
    }
    expect(
      await rows(
        `SELECT count(*) AS n FROM leads WHERE account_id = $1 AND email LIKE 'overlap%'`,
        [accountId],
      ),
    ).toBe(20);
  });

  it('keeps succeeding when three clients stream batches whose new identities keep overlapping', async () => {
    // Every round, both clients create the same new companies and leads, in opposite orders: the
    // losing transaction must re-run and match the winner's rows, never fail the request.
    const rounds = 10;
    const size = 300;
    const statuses: number[] = [];
    const client = async (direction: 1 | -1 | 0) => {
      for (let round = 0; round < rounds; round++) {
        const tags = Array.from({ length: size }, (_, i) => `stream-${round}-${i}`);
        const ordered =
          direction === 1 ? tags : direction === -1 ? [...tags].reverse() : [...tags].sort();
        const response = await api.post(ordered.map((tag) => fullItem(tag)));
        statuses.push(response.status);
      }
    };
    await Promise.all([client(1), client(-1), client(0)]);
    expect(statuses).toEqual(Array(rounds * 3).fill(200));
    expect(
      await rows(
        `SELECT count(*) AS n FROM leads WHERE account_id = $1 AND email LIKE 'stream-%'`,
        [accountId],
      ),
    ).toBe(rounds * size);
  });

  /** The SQL statements the app sends to PostgreSQL while `work` runs, API-key lookups excluded. */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    return (await queriesDuring(work))
      .map((query) => query.text)
      .filter((text) => !/api_keys/.test(text));
  }

  it('writes a batch with a number of statements that does not grow with its size', async () => {
    await api.post(fullItem(unique('warm'))).expect(200);
    // Half the items update leads (and memberships) that exist, half create new ones.
    const batch = async (size: number) => {
      const run = unique('n');
      const items = Array.from({ length: size }, (_, i) => fullItem(`${run}-${i}`));
      await api.post(items.slice(0, size / 2)).expect(200);
      return items.map((item, i) =>
        i < size / 2 ? { ...item, lead_first_name: 'Updated' } : item,
      );
    };
    const tenItems = await batch(10);
    const ten = await statementsDuring(() => api.post(tenItems).expect(200));
    const thousandItems = await batch(1000);
    const started = Date.now();
    const thousand = await statementsDuring(async () => {
      const response = await api.post(thousandItems).expect(200);
      expect(response.body).toMatchObject({ success: 1000, total: 1000 });
    });
    const elapsed = Date.now() - started;
    expect(thousand.length).toBe(ten.length);
    expect(thousand.length).toBeLessThanOrEqual(5);
    // Printed for the record (the issue asks for the number). BEGIN travels with the lock.
    expect(thousand.map((sql) => sql.trim().split(/\s+/, 2).join(' '))).toEqual([
      'BEGIN; SELECT',
      "SELECT 'lead'",
      'WITH wanted',
      'WITH w0',
      'COMMIT',
    ]);
    expect(thousand[0]).toContain('pg_advisory_xact_lock_shared(');
    // The last statement writes every table, each as one CTE.
    const written = [...thousand[3].matchAll(/INSERT INTO (\w+)/g)].map(([, table]) => table);
    expect(written).toEqual([
      'companies',
      'company_identifiers',
      'leads',
      'lead_identifiers',
      'lead_workspaces',
      'lead_connections',
    ]);
    console.log(`SQL statements for a 1,000-item batch: ${thousand.length} (${elapsed} ms)`);

    const update = await statementsDuring(() =>
      api
        .post(
          Array.from({ length: 1000 }, (_, i) =>
            event({ lead_email: `${unique('none')}-${i}@example.com` }),
          ),
        )
        .expect(200),
    );
    expect(update.length).toBeLessThanOrEqual(thousand.length);
  });

  it('writes a plan of over 2,000 leads one table group per statement, completely', async () => {
    const run = unique('huge');
    const tag = (i: number) => `${run}-${i}`;
    // 1,000 leads exist; the batch updates them and creates 1,500 more.
    await api.post(Array.from({ length: 1000 }, (_, i) => fullItem(tag(i)))).expect(200);
    const items = Array.from({ length: 2500 }, (_, i) => ({
      ...fullItem(tag(i)),
      lead_first_name: `Second ${i}`,
    }));
    const statements = await statementsDuring(async () => {
      const response = await api.post(items).expect(200);
      expect(response.body).toMatchObject({ success: 2500, total: 2500 });
    });
    expect(statements.filter((sql) => sql.trim().startsWith('WITH w0 AS'))).toHaveLength(3);
    expect(
      await rows(`SELECT count(*) AS n FROM leads WHERE account_id = $1 AND email LIKE $2`, [
        accountId,
        `${run}-%`,
      ]),
    ).toBe(2500);
    for (const i of [0, 999, 1000, 2499]) {
      expect(await api.lead({ lead_email: `${tag(i)}@example.com` })).toMatchObject({
        lead_first_name: `Second ${i}`,
        company: expect.objectContaining({ company_domain: `${tag(i)}.example.org` }),
        workspaces: [expect.objectContaining({ workspace_id: 'ws-scale', icp: 'tier 1' })],
        connections: [expect.objectContaining({ linkedin_connection_level: 2 })],
      });
    }
  });

  it('applies a 1,000-item batch completely', async () => {
    const run = unique('big');
    const response = await api
      .post(Array.from({ length: 1000 }, (_, i) => fullItem(`${run}-${i}`)))
      .expect(200);
    expect(response.body).toEqual({
      success: 1000,
      total: 1000,
      errors: { count: 0, details: [] },
    });
    expect(
      await rows(`SELECT count(*) AS n FROM leads WHERE account_id = $1 AND email LIKE $2`, [
        accountId,
        `${run}-%`,
      ]),
    ).toBe(1000);
    const lead = await api.lead({ lead_linkedin_url: `https://www.linkedin.com/in/${run}-999` });
    expect(lead).toMatchObject({
      lead_first_name: 'First',
      company: expect.objectContaining({
        company_domain: `${run}-999.example.org`,
        company_normalized_name: `${run}-999`,
      }),
      workspaces: [
        expect.objectContaining({ workspace_id: 'ws-scale', icp: 'tier 1', tags: ['a', 'b'] }),
      ],
      connections: [
        { sender: 'https://www.linkedin.com/in/scale-rep', linkedin_connection_level: 2 },
      ],
    });
  });
});
