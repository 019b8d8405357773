import { AddressInfo } from 'node:net';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.setup';
import { AccountsService } from '../../src/auth/application/accounts.service';
import { validateEnv } from '../../src/config/env';
import { SupervisedPostgres } from './support/postgres';
import { leadBatch, Outcome, sleep, timedPost, writeViolations } from './support/traffic';

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
    app = await createApp(
      validateEnv({
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'silent',
        RATE_LIMIT_MAX: '0',
      }),
    );
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const accounts = app.get(AccountsService);
    const account = await accounts.createAccount('fault-freeze');
    const { key } = await accounts.issueApiKey(account.id, 'fault');

    const outcomes: Outcome[] = [];
    let running = true;
    const eventClient = async (client: number): Promise<void> => {
      for (let request = 0; running; request++) {
        const batch = leadBatch(`c${client}-r${request}`, 3 + (request % 3));
        const outcome = await timedPost(baseUrl, key, 'events', batch.items, batch.keys);
        outcomes.push(outcome);
        if (outcome.status !== 200) await sleep(50);
      }
    };
    const clients = Array.from({ length: EVENT_CLIENTS }, (_, client) => eventClient(client));

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
