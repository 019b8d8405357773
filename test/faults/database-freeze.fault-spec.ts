import { NestExpressApplication } from '@nestjs/platform-express';
import { startFaultApp } from './support/in-process-app';
import { SupervisedPostgres } from './support/postgres';
import { eventClient, Outcome, sleep, writeViolations } from './support/traffic';

const EVENT_CLIENTS = 4;
const WARM_MS = 3_000;
const FROZEN_MS = 9_000;
const MAX_503_MS = 5_000;
const MAX_RECOVERY_MS = 10_000;

/**
 * A database that stops answering without closing anything (a stopped process, a hung host): the
 * connections stay open, so no connection error ever comes. Requests must still end within 5 s.
 */
describe('PostgreSQL freezes mid-traffic (fault)', () => {
  let postgres: SupervisedPostgres;
  let app: NestExpressApplication | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    postgres = await SupervisedPostgres.create('fault_freeze');
    databaseUrl = await postgres.start();
  });

  afterAll(async () => {
    await postgres.thaw().catch(() => undefined);
    await app?.close();
    await postgres.destroy();
  });

  it('answers every request within 5 s while frozen, recovers after, never half-writes', async () => {
    const started = await startFaultApp(databaseUrl, 'fault-freeze');
    app = started.app;
    const { baseUrl, key } = started;

    const outcomes: Outcome[] = [];
    let running = true;
    const clients = Array.from({ length: EVENT_CLIENTS }, (_, client) =>
      eventClient(baseUrl, key, client, outcomes, () => running),
    );

    await sleep(WARM_MS);
    await postgres.freeze();
    const frozenAt = Date.now();
    await sleep(FROZEN_MS);
    const thawedAt = Date.now();
    await postgres.thaw();
    const firstSuccessAfter = (): Outcome | undefined =>
      outcomes.find((o) => o.status === 200 && o.startedAt >= thawedAt);
    while (!firstSuccessAfter() && Date.now() - thawedAt < 30_000) await sleep(50);
    const recovered = firstSuccessAfter();
    await sleep(1_000);
    running = false;
    await Promise.all(clients);

    // Requests that were in flight when the server froze or started while it was frozen.
    const hit = outcomes.filter((o) => o.endedAt >= frozenAt && o.startedAt < thawedAt);
    const slowest = Math.max(...hit.map((o) => o.endedAt - o.startedAt));
    const stats = {
      requests: outcomes.length,
      duringFreeze: hit.length,
      unavailable: hit.filter((o) => o.status === 503).length,
      slowestMs: slowest,
      recoveryMs: recovered ? recovered.endedAt - thawedAt : Infinity,
    };
    process.stdout.write(`FAULT freeze ${JSON.stringify(stats)}\n`);

    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    // Nothing can be written while frozen: every request started then ends in a 503.
    const startedFrozen = hit.filter((o) => o.startedAt >= frozenAt && o.endedAt < thawedAt);
    expect(startedFrozen.length).toBeGreaterThanOrEqual(EVENT_CLIENTS);
    expect(startedFrozen.filter((o) => o.status !== 503)).toEqual([]);
    expect(slowest).toBeLessThan(MAX_503_MS);
    for (const outcome of hit.filter((o) => o.status === 503)) {
      expect(outcome.body).toEqual({ error: expect.any(String) });
    }
    expect(stats.recoveryMs).toBeLessThan(MAX_RECOVERY_MS);
    expect(await writeViolations(databaseUrl, outcomes)).toEqual([]);
  }, 120_000);
});
