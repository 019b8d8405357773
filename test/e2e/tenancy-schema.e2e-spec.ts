import { startTestApp, TestApp } from '../support/test-app';

/** Tables outside the tenancy rule, and why. */
const NOT_TENANT_OWNED = new Set(['accounts', 'typeorm_migrations']);

describe('tenancy rule of the schema (e2e, reads the catalog after all migrations)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  async function tenantTables(): Promise<string[]> {
    const rows: { table_name: string }[] = await sut.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    return rows.map((r) => r.table_name).filter((name) => !NOT_TENANT_OWNED.has(name));
  }

  it('finds tenant tables to check', async () => {
    expect(await tenantTables()).toContain('api_keys');
  });

  it('gives every tenant table an account_id column that is NOT NULL', async () => {
    const rows: { table_name: string; is_nullable: string }[] = await sut.dataSource.query(
      `SELECT table_name, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'account_id'`,
    );
    const withAccount = new Map(rows.map((r) => [r.table_name, r.is_nullable]));
    const offenders = (await tenantTables()).filter((t) => withAccount.get(t) !== 'NO');
    expect(offenders).toEqual([]);
  });

  it('includes account_id in every primary key, unique index and foreign key of tenant tables', async () => {
    const rows: { table_name: string; kind: string; name: string; has_account: boolean }[] =
      await sut.dataSource.query(`
        SELECT c.relname AS table_name, 'index' AS kind, i.relname AS name,
               EXISTS (SELECT 1 FROM unnest(x.indkey) k JOIN pg_attribute a
                         ON a.attrelid = c.oid AND a.attnum = k WHERE a.attname = 'account_id') AS has_account
          FROM pg_index x
          JOIN pg_class c ON c.oid = x.indrelid
          JOIN pg_class i ON i.oid = x.indexrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND (x.indisunique OR x.indisprimary)
        UNION ALL
        SELECT c.relname, 'foreign key', con.conname,
               EXISTS (SELECT 1 FROM unnest(con.conkey) k JOIN pg_attribute a
                         ON a.attrelid = c.oid AND a.attnum = k WHERE a.attname = 'account_id')
                 AND EXISTS (SELECT 1 FROM unnest(con.confkey) k JOIN pg_attribute a
                         ON a.attrelid = con.confrelid AND a.attnum = k
                        WHERE a.attname IN ('account_id', 'id') AND (con.confrelid = 'accounts'::regclass OR a.attname = 'account_id'))
          FROM pg_constraint con
          JOIN pg_class c ON c.oid = con.conrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND con.contype = 'f'`);
    const tenant = new Set(await tenantTables());
    const checked = rows.filter((r) => tenant.has(r.table_name));
    expect(checked.length).toBeGreaterThan(0);
    const offenders = checked
      .filter((r) => !r.has_account)
      .map((r) => `${r.table_name}: ${r.kind} ${r.name}`);
    expect(offenders).toEqual([]);
  });
});
