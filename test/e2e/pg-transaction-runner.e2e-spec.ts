import { Socket } from 'node:net';
import { Client, Pool } from 'pg';
import { DataSource } from 'typeorm';
import {
  MAX_PREPARED_STATEMENTS,
  PgTransactionRunner,
} from '../../src/ingestion/infrastructure/pg-transaction.runner';
import { isDatabaseUnavailable } from '../../src/shared/http/database-unavailable';

describe('PgTransactionRunner (e2e, real PostgreSQL)', () => {
  const url = process.env.TEST_ADMIN_DATABASE_URL as string;
  const table = `runner_probe_${process.pid}`;
  let pool: Pool;
  let runner: PgTransactionRunner;

  const count = async () =>
    Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  beforeAll(async () => {
    // As the app configures it (data-source-options.ts).
    pool = new Pool({ connectionString: url, max: 2, pipeline: true });
    pool.on('error', () => undefined);
    await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
  });

  beforeEach(async () => {
    await pool.query(`TRUNCATE ${table}`);
    runner = new PgTransactionRunner({ driver: { master: pool } } as unknown as DataSource);
  });

  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  it('commits, and returns the rows of a first statement sent together with BEGIN', async () => {
    const rows = await runner.run(async (tx) => {
      const first = await tx.query<{ n: number }[]>('SELECT 41 + 1 AS n');
      await tx.query(`INSERT INTO ${table} VALUES ($1), ($2)`, [1, 2]);
      return first;
    });
    expect(rows).toEqual([{ n: 42 }]);
    expect(await count()).toBe(2);
  });

  it('rolls back everything, a first statement without parameters included', async () => {
    await expect(
      runner.run(async (tx) => {
        // Sent with BEGIN in one round trip: it must still belong to the transaction.
        await tx.query(`INSERT INTO ${table} VALUES (1)`);
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(0);
    // The client went back to the pool clean: the next transaction works on it.
    await runner.run((tx) => tx.query(`INSERT INTO ${table} VALUES ($1)`, [3]));
    expect(await count()).toBe(1);
  });

  it('runs statements started together in the order they were started, in the transaction', async () => {
    await expect(
      runner.run(async (tx) => {
        const [, , seen] = await Promise.all([
          tx.query(`INSERT INTO ${table} VALUES (1)`),
          tx.query(`INSERT INTO ${table} VALUES ($1)`, [2]),
          tx.query<{ id: number }[]>(`SELECT id FROM ${table} WHERE id > $1 ORDER BY id`, [0]),
        ]);
        expect(seen).toEqual([{ id: 1 }, { id: 2 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count()).toBe(0);
  });

  it('commits in the same round trip as a statement marked commit', async () => {
    await runner.run(async (tx) => {
      await tx.query(`INSERT INTO ${table} VALUES (1)`);
      await tx.query(`INSERT INTO ${table} VALUES ($1)`, [2], { commit: true });
      await expect(tx.query('SELECT 1')).rejects.toThrow('has ended');
    });
    expect(await count()).toBe(2);
  });

  it('sends statements started together in one socket write, and the write with its COMMIT in one', async () => {
    // Every socket write of this process, whichever path the stream takes (one chunk or many).
    const writes = [
      jest.spyOn(Socket.prototype, '_write'),
      jest.spyOn(Socket.prototype, '_writev'),
    ];
    const counted = () => writes.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    try {
      const perRoundTrip = await runner.run(async (tx) => {
        writes.forEach((spy) => spy.mockClear());
        await Promise.all([
          tx.query(`SELECT pg_advisory_xact_lock_shared(1)`),
          tx.query(`SELECT count(*) FROM ${table} WHERE id > $1`, [0]),
          tx.query(`SELECT $1::int AS n`, [7]),
        ]);
        const first = counted();
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, [1], { commit: true });
        return [first, counted() - first];
      });
      expect(perRoundTrip).toEqual([1, 1]);
      expect(await count()).toBe(1);
    } finally {
      writes.forEach((spy) => spy.mockRestore());
    }
  });

  it('commits nothing when the statement marked commit fails', async () => {
    await expect(
      runner.run(async (tx) => {
        await tx.query(`INSERT INTO ${table} VALUES (1)`);
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, ['not a number'], { commit: true });
      }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(await count()).toBe(0);
    await runner.run((tx) => tx.query(`INSERT INTO ${table} VALUES ($1)`, [3]));
    expect(await count()).toBe(1);
  });

  it('refuses a statement with its COMMIT whose parameters could fail in the driver', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      runner.run(async (tx) => {
        await tx.query(`INSERT INTO ${table} VALUES (1)`);
        await tx.query(
          `INSERT INTO ${table} SELECT $1 WHERE $2::jsonb IS NOT NULL`,
          [2, circular],
          {
            commit: true,
          },
        );
      }),
    ).rejects.toThrow('scalars');
    expect(await count()).toBe(0);
  });

  it('re-runs a transaction that lost a race, from scratch', async () => {
    await pool.query(`INSERT INTO ${table} VALUES (7)`);
    const attempts: number[] = [];
    await runner.run(async (tx, attempt) => {
      attempts.push(attempt);
      await tx.query(`INSERT INTO ${table} VALUES ($1)`, [100 + attempt]);
      // A unique violation, as when another transaction created the same identity first.
      if (attempt === 1) await tx.query(`INSERT INTO ${table} VALUES ($1)`, [7]);
    });
    expect(attempts).toEqual([1, 2]);
    const ids = (await pool.query(`SELECT id FROM ${table} ORDER BY id`)).rows.map((r) => r.id);
    expect(ids).toEqual([7, 102]);
  });

  it('does not re-run a transaction that failed for another reason', async () => {
    let attempts = 0;
    await expect(
      runner.run(async (tx) => {
        attempts++;
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, ['not a number']);
      }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(attempts).toBe(1);
  });

  it('fails the transaction, not the process, when its connection breaks', async () => {
    const outcome = runner.run(async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      // The connection's error event arrives between statements, with nothing in flight.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.query(`INSERT INTO ${table} VALUES ($1)`, [1]);
    });
    const error = await outcome.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await count()).toBe(0);
    // The broken client left the pool; the next transaction gets a working one.
    await runner.run((tx) => tx.query(`INSERT INTO ${table} VALUES ($1)`, [2]));
    expect(await count()).toBe(1);
  });

  it('prepares repeated statements once per connection, and at most a bounded number', async () => {
    const texts = Array.from(
      { length: MAX_PREPARED_STATEMENTS + 5 },
      (_, i) => `SELECT $1::int + ${i} AS n`,
    );
    const prepared = await runner.run(async (tx) => {
      for (const [i, text] of texts.entries()) {
        expect(await tx.query(text, [1])).toEqual([{ n: 1 + i }]);
        expect(await tx.query(text, [2])).toEqual([{ n: 2 + i }]);
      }
      return tx.query<{ statement: string }[]>(
        'SELECT statement FROM pg_prepared_statements WHERE statement = ANY($1::text[])',
        [texts],
      );
    });
    expect(prepared).toHaveLength(MAX_PREPARED_STATEMENTS);
    expect(new Set(prepared.map((row) => row.statement))).toEqual(
      new Set(texts.slice(0, MAX_PREPARED_STATEMENTS)),
    );
  });
});
