/**
 * `npm run bench [-- --quick]` (issue 5): measures the built service against the database's own
 * limit in one run and prints a table, then the BENCH line as the last line of stdout. Progress
 * goes to stderr. Exits non-zero on an error, never on a missed target.
 */
import { cpus, loadavg, release, totalmem } from 'node:os';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BenchContext,
  FULL,
  QUICK,
  batchIngest,
  growth,
  senders,
  singleItems,
  singleItemsBareHttp,
} from './phases';
import { Figures, renderReport } from './report';
import {
  BenchDatabase,
  BenchError,
  PROJECT_ROOT,
  ServiceProcess,
  ServiceSettings,
} from './service';

const started = Date.now();
const log = (line: string) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);

/** The service as production runs it, minus the rate limit (the bench is one very busy key). */
function serviceSettings(): ServiceSettings {
  return {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '10',
    MAX_BATCH_ITEMS: '10000',
    MAX_BODY_BYTES: process.env.MAX_BODY_BYTES ?? '10mb',
    RATE_LIMIT_MAX: '0',
  };
}

function describeRun(
  quick: boolean,
  db: BenchDatabase,
  service: ServiceProcess,
  loadAtStart: string,
): string[] {
  const settings = Object.entries(service.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const server = db.embedded
    ? `embedded (${relative(PROJECT_ROOT, db.embedded.dataDir)}, default settings)`
    : `DATABASE_URL host ${new URL(db.url).host}`;
  return [
    `Outreach Ingest benchmark${quick ? ' (--quick)' : ''}, ${new Date(started).toISOString()}`,
    `machine:  ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Linux ${release()}, Node ${process.version}`,
    `database: PostgreSQL ${db.serverVersion}, ${server}, database ${db.name} (dropped)`,
    // Other work on the machine skews every figure; the reader should know how busy it was.
    `load:     1-minute load average before the run ${loadAtStart} (on ${cpus().length} cores)`,
    `service:  node dist/src/main.js, NODE_ENV=production ${settings}; log ${relative(PROJECT_ROOT, service.logFile)}`,
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const quick = values.quick ?? false;
  const sizes = quick ? QUICK : FULL;
  let db: BenchDatabase | undefined;
  let service: ServiceProcess | undefined;

  let cleaning: Promise<string[]> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await service?.stop();
      return (await db?.destroy()) ?? [];
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the service and the database`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  const loadAtStart = loadavg()[0].toFixed(2);
  let figures: Figures | undefined;
  let header: string[] = [];
  let failure: unknown;
  try {
    db = await BenchDatabase.create(log);
    log('starting the service (applies the migrations)');
    service = await ServiceProcess.start(db.url, serviceSettings());
    log(`service pid ${service.pid} on ${service.baseUrl}`);

    const ctx: BenchContext = { db, service, sizes, log };
    const batch = await batchIngest(ctx);
    log(
      `  limit ${Math.round(batch.rawItemsPerS)} items/s, events ${Math.round(batch.eventsItemsPerS)} items/s`,
    );
    const single = await singleItems(ctx);
    log(`  ${Math.round(single.requestsPerSecond)} req/s, p99 ${single.p99Ms} ms`);
    log('3 diagnostic: the same load on the same code behind bare node:http');
    const singleBareHttp = await singleItemsBareHttp(ctx);
    log(`  ${Math.round(singleBareHttp.requestsPerSecond)} req/s, p99 ${singleBareHttp.p99Ms} ms`);
    const sendersItemsPerS = await senders(ctx);
    log(`  ${Math.round(sendersItemsPerS)} items/s`);
    const growthFigures = await growth(ctx);
    const peakRssMb = service.memoryMb('VmHWM');
    header = describeRun(quick, db, service, loadAtStart);
    figures = { batch, single, singleBareHttp, sendersItemsPerS, growth: growthFigures, peakRssMb };
  } catch (error) {
    failure = error;
  }
  const problems = await cleanup();
  log(
    `stopped the service and ${db?.embedded ? 'the embedded PostgreSQL' : 'dropped the database'}`,
  );
  for (const problem of problems) log(`cleanup: ${problem}`);

  if (failure !== undefined || figures === undefined) {
    const message =
      failure instanceof BenchError
        ? failure.message
        : String((failure as Error)?.stack ?? failure);
    process.stderr.write(`\nbench failed: ${message}\n`);
    // A check that failed on a response: the service's own log usually says why.
    if (service && failure instanceof BenchError) {
      process.stderr.write(`--- ${service.logFile}, last lines ---\n${service.logTail(10)}\n`);
    }
    return 1;
  }
  const skipped = FULL.storedLeads.filter((n) => !sizes.storedLeads.includes(n));
  process.stdout.write(`${renderReport(figures, header, FULL.storedLeads, skipped)}\n`);
  return problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${String(error)}\n`);
    process.exit(1);
  },
);
