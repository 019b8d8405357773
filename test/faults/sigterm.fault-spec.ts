import { createDatabase, exited, SupervisedPostgres } from './support/postgres';
import { createAccountKey, ServiceProcess, spawnService, waitForHealth } from './support/service';
import {
  leadBatch,
  Outcome,
  senderBatch,
  sleep,
  timedPost,
  writeViolations,
} from './support/traffic';

const CLIENTS = 8;
const BATCH_SIZE = 40;
const LOAD_BEFORE_SIGNAL_MS = 2_000;
/** main.ts gives the shutdown 25 s before it exits anyway; draining must finish well before. */
const SHUTDOWN_DEADLINE_MS = 25_000;
const ADMIN_KEY = 'fault-admin-key-0123456789abcdef';

describe('SIGTERM under load (fault, the real service in a child process)', () => {
  let supervised: SupervisedPostgres | undefined;
  let database: { url: string; drop: () => Promise<void> };
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      supervised = await SupervisedPostgres.create('postgres');
      adminUrl = await supervised.start();
    }
    database = await createDatabase(adminUrl, 'fault');
  });

  afterAll(async () => {
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await exited(service.child);
    }
    await database?.drop();
    await supervised?.destroy();
  });

  it('finishes in-flight requests, exits in time, and loses nothing it reported', async () => {
    service = spawnService(
      {
        DATABASE_URL: database.url,
        LOG_LEVEL: 'info',
        RATE_LIMIT_MAX: '0',
        ADMIN_API_KEY: ADMIN_KEY,
      },
      20_000 + Math.floor(Math.random() * 10_000),
    );
    await waitForHealth(service);
    const key = await createAccountKey(service.baseUrl, ADMIN_KEY, 'fault-sigterm');
    const { child, baseUrl } = service;
    const ended = exited(child);

    const outcomes: Outcome[] = [];
    let alive = true;
    void ended.then(() => (alive = false));
    const client = async (id: number): Promise<void> => {
      for (let request = 0; alive; request++) {
        const batch =
          id === 0 ? senderBatch(`t-s${request}`, 5) : leadBatch(`t${id}-r${request}`, BATCH_SIZE);
        const kind = id === 0 ? 'senders' : 'events';
        const outcome = await timedPost(baseUrl, key, kind, batch.items, batch.keys);
        outcomes.push(outcome);
        if (outcome.failure) await sleep(20);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, id) => client(id));

    await sleep(LOAD_BEFORE_SIGNAL_MS);
    const signalAt = Date.now();
    child.kill('SIGTERM');
    const { code, signal } = await ended;
    const drainMs = Date.now() - signalAt;
    await Promise.all(clients);

    const before = outcomes.filter((o) => o.startedAt < signalAt);
    const inFlight = before.filter((o) => o.endedAt >= signalAt);
    const stats = {
      requests: outcomes.length,
      beforeSignal: before.length,
      inFlightAtSignal: inFlight.length,
      inFlightOk: inFlight.filter((o) => o.status === 200).length,
      beforeSignalFailures: before
        .filter((o) => o.status !== 200)
        .map((o) => o.status ?? o.failure),
      afterSignal: outcomes.length - before.length,
      afterSignalStatuses: [
        ...new Set(
          outcomes.filter((o) => o.startedAt >= signalAt).map((o) => o.status ?? o.failure),
        ),
      ],
      drainMs,
      exit: { code, signal },
    };
    process.stdout.write(`FAULT sigterm ${JSON.stringify(stats)}\n`);

    expect(drainMs).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    // Nest re-raises SIGTERM once its shutdown hooks ran.
    expect(code === 0 || code === 143 || signal === 'SIGTERM').toBe(true);
    expect(service.output()).not.toMatch(/"level":(50|60)/);
    // Log lines are buffered (4 KB chunks): stopping must still write every answered request's.
    const logged = service.output().match(/"msg":"request completed"/g)?.length ?? 0;
    expect(logged).toBeGreaterThanOrEqual(outcomes.filter((o) => o.status !== undefined).length);
    // Every request accepted before the signal was answered (drained), and answered 200.
    expect(inFlight.length).toBeGreaterThan(0);
    expect(stats.beforeSignalFailures).toEqual([]);
    // After the signal: answered, or refused, never a 5xx.
    expect(outcomes.filter((o) => (o.status ?? 0) >= 500)).toEqual([]);
    expect(await writeViolations(database.url, outcomes)).toEqual([]);
  }, 150_000);
});
