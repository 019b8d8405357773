import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { UnresponsiveDatabaseWatchdog } from '../../src/database/unresponsive-database.watchdog';

const FAST = { suspectAfterMs: 200, probeTimeoutMs: 500, checkEveryMs: 50 };

/** Accepts TCP connections and never says a word: what a frozen PostgreSQL looks like. */
async function blackHole(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://nobody@127.0.0.1:${port}/none`,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

describe('UnresponsiveDatabaseWatchdog (e2e, real PostgreSQL)', () => {
  const url = process.env.TEST_ADMIN_DATABASE_URL as string;
  let pool: Pool;
  let destroyed: number[];

  beforeEach(() => {
    pool = new Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    destroyed = [];
  });

  afterEach(async () => {
    await pool.end();
  });

  it('leaves a slow query alone while the server answers', async () => {
    const watchdog = new UnresponsiveDatabaseWatchdog(pool, url, (n) => destroyed.push(n), FAST);
    watchdog.start();
    try {
      const slow = pool.query('SELECT pg_sleep(1.2) AS slept');
      await expect(slow).resolves.toMatchObject({ rowCount: 1 });
      expect(destroyed).toEqual([]);
    } finally {
      watchdog.stop();
    }
  });

  it('fails the queries of held clients at once when a fresh connection gets no answer', async () => {
    const hole = await blackHole();
    // The pool reaches the real server; the probe reaches the black hole, as if it froze.
    const watchdog = new UnresponsiveDatabaseWatchdog(
      pool,
      hole.url,
      (n) => destroyed.push(n),
      FAST,
    );
    watchdog.start();
    try {
      const started = Date.now();
      const stuck = pool.query('SELECT pg_sleep(30)');
      await expect(stuck).rejects.toThrow(/Connection terminated/);
      // suspect after 0.2 s, probe budget 0.5 s, checks every 0.05 s
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(destroyed).toEqual([1]);
      // The pool replaced the client: the next query works.
      watchdog.stop();
      await expect(pool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      watchdog.stop();
      await hole.close();
    }
  });

  it('does not trust a probe timeout that fired late because the event loop was blocked', async () => {
    // Only manual checks: the interval never fires within the test.
    const watchdog = new UnresponsiveDatabaseWatchdog(pool, url, (n) => destroyed.push(n), {
      ...FAST,
      probeTimeoutMs: 300,
      checkEveryMs: 3_600_000,
    });
    watchdog.start();
    try {
      const slow = pool.query('SELECT pg_sleep(1.5)');
      await new Promise((held) => setTimeout(held, 400));
      const check = watchdog.check();
      // The server's reply to the probe arrives while the loop is busy (a large body being
      // parsed); the connect timer then runs first, 3x late.
      const busyUntil = Date.now() + 900;
      while (Date.now() < busyUntil);
      await expect(check).resolves.toBe(0);
      await expect(slow).resolves.toBeDefined();
      expect(destroyed).toEqual([]);
    } finally {
      watchdog.stop();
    }
  });

  it('counts a server that answers with an error as alive', async () => {
    // A wrong password is an answer: the server is up, the probe just cannot log in.
    const refused = new URL(url);
    refused.username = 'no_such_role_for_the_watchdog';
    const watchdog = new UnresponsiveDatabaseWatchdog(
      pool,
      refused.toString(),
      (n) => destroyed.push(n),
      FAST,
    );
    watchdog.start();
    try {
      await expect(pool.query('SELECT pg_sleep(1.2)')).resolves.toBeDefined();
      expect(destroyed).toEqual([]);
    } finally {
      watchdog.stop();
    }
  });
});
