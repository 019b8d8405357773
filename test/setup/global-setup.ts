import { EmbeddedPostgres } from '../../src/database/embedded-postgres';

declare global {
  var embeddedTestPostgres: EmbeddedPostgres | undefined;
}

/**
 * The e2e suites need a PostgreSQL server: DATABASE_URL when given (CI points it at the system
 * PostgreSQL 15), otherwise an embedded one started here. Each suite then creates its own database
 * on it (test/support/test-app.ts), so suites never see each other's rows.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const postgres = new EmbeddedPostgres({
    dataDir: process.env.TEST_EMBEDDED_PG_DIR ?? '.data/test-pg',
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330),
    database: 'postgres',
    // A throw-away cluster: durability buys nothing here and costs seconds.
    serverSettings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '300',
    },
  });
  process.env.TEST_ADMIN_DATABASE_URL = await postgres.start();
  globalThis.embeddedTestPostgres = postgres;
}
