import { NestExpressApplication } from '@nestjs/platform-express';
import { startFaultApp } from './support/in-process-app';
import { SupervisedPostgres } from './support/postgres';
import {
  eventClient,
  HANG_MS,
  Outcome,
  senderBatch,
  sleep,
  timedPost,
  writeViolations,
} from './support/traffic';

const EVENT_CLIENTS = 4;
const WARM_MS = 3_000;
const DOWN_MS = 5_000;
const AFTER_RECOVERY_MS = 2_000;
const MAX_503_MS = 5_000;
const MAX_RECOVERY_MS = 10_000;
const HEALTH_EVERY_MS = 250;

interface HealthSample {
  at: number;
  ms: number;
  status: number | string;
  body?: unknown;
}

describe('PostgreSQL stops and restarts mid-traffic (fault)', () => {
  let postgres: SupervisedPostgres;
  let app: NestExpressApplication | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    postgres = await SupervisedPostgres.create('fault_outage');
    databaseUrl = await postgres.start();
  });

  afterAll(async () => {
    await app?.close();
    await postgres.destroy();
  });

  it('answers 503 fast while down, recovers by itself, and never half-writes a request', async () => {
    const started = await startFaultApp(databaseUrl, 'fault-outage');
    app = started.app;
    const { baseUrl, key } = started;

    const outcomes: Outcome[] = [];
    const health: HealthSample[] = [];
    let running = true;
    const senderClient = async (): Promise<void> => {
      for (let request = 0; running; request++) {
        const batch = senderBatch(`s-r${request}`, 2);
        const outcome = await timedPost(baseUrl, key, 'senders', batch.items, batch.keys);
        outcomes.push(outcome);
        await sleep(outcome.status === 200 ? 10 : 50);
      }
    };
    const healthClient = async (): Promise<void> => {
      while (running) {
        const at = Date.now();
        const sample = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(HANG_MS) })
          .then(async (response) => ({ status: response.status, body: await response.json() }))
          .catch((error: Error) => ({ status: error.name, body: undefined }));
        health.push({ at, ms: Date.now() - at, ...sample });
        await sleep(HEALTH_EVERY_MS);
      }
    };
    const clients = [
      ...Array.from({ length: EVENT_CLIENTS }, (_, client) =>
        eventClient(baseUrl, key, client, outcomes, () => running),
      ),
      senderClient(),
      healthClient(),
    ];

    await sleep(WARM_MS);
    const stopBegan = Date.now();
    await postgres.stop();
    const stoppedAt = Date.now();
    await sleep(DOWN_MS);
    const restartBegan = Date.now();
    await postgres.start();
    const readyAt = Date.now();
    const firstSuccessAfter = (): Outcome | undefined =>
      outcomes.find((o) => o.status === 200 && o.startedAt >= readyAt);
    while (!firstSuccessAfter() && Date.now() - readyAt < 30_000) await sleep(50);
    const recovered = firstSuccessAfter();
    await sleep(AFTER_RECOVERY_MS);
    running = false;
    await Promise.all(clients);

    const unavailable = outcomes.filter((o) => o.status === 503);
    const whileDown = outcomes.filter((o) => o.startedAt >= stoppedAt && o.endedAt <= restartBegan);
    const max503Ms = Math.max(...unavailable.map((o) => o.endedAt - o.startedAt));
    const healthDown = health.filter((h) => h.at >= stoppedAt && h.at + h.ms <= restartBegan);
    const recoveryMs = recovered ? recovered.endedAt - readyAt : Infinity;
    const stats = {
      requests: outcomes.length,
      ok: outcomes.filter((o) => o.status === 200).length,
      unavailable: unavailable.length,
      whileDown: whileDown.length,
      stopMs: stoppedAt - stopBegan,
      restartMs: readyAt - restartBegan,
      max503Ms,
      maxHealthMsWhileDown: Math.max(...healthDown.map((h) => h.ms)),
      recoveryMs,
    };
    process.stdout.write(`FAULT outage ${JSON.stringify(stats)}\n`);

    // Only 200 or 503, never a network failure, a hang or another status.
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(unexpected.map((o) => `${o.kind} ${o.status ?? o.failure}`)).toEqual([]);
    // Every request sent while the database was down got a 503 {error} with Retry-After, fast.
    expect(whileDown.length).toBeGreaterThan(10);
    expect(whileDown.filter((o) => o.status !== 503)).toEqual([]);
    for (const outcome of unavailable) {
      expect(outcome.body).toEqual({ error: expect.any(String) });
      expect(outcome.retryAfter).toMatch(/^\d+$/);
    }
    expect(max503Ms).toBeLessThan(MAX_503_MS);
    // /health says so while down and recovers with the database.
    expect(healthDown.length).toBeGreaterThan(0);
    expect(healthDown.filter((h) => h.status !== 503)).toEqual([]);
    expect(healthDown[0].body).toMatchObject({
      error: expect.any(String),
      details: { database: { status: 'down' } },
    });
    expect(health.filter((h) => h.at >= stoppedAt).map((h) => h.status)).toContain(503);
    expect(health[health.length - 1].status).toBe(200);
    // The same app (no restart) serves again shortly after the database returns.
    expect(recoveryMs).toBeLessThan(MAX_RECOVERY_MS);
    expect(
      outcomes.filter((o) => o.startedAt >= recovered!.endedAt).every((o) => o.status === 200),
    ).toBe(true);
    // Whatever was reported, the database holds every item of each request or none of them,
    // and every item of every 200.
    expect(await writeViolations(databaseUrl, outcomes)).toEqual([]);
  }, 150_000);
});
