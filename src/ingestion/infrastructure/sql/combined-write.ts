import { SqlTransaction } from '../../../shared/domain/sql-transaction';
import { IdentityTakenConcurrently } from '../../domain/ports';
import { UnnestParams } from './unnest-params';

/** What ingest_identity_taken() raises (migration IdentityRaceSignal). */
function isIdentityTaken(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '40001' && message === 'identity taken concurrently';
}

interface Part {
  sql: string;
  /** For a part that must write this many rows; it then ends in RETURNING 1. */
  expected?: number;
}

/**
 * Data-modifying statements sent as the CTEs of one statement: one round trip, one parse and
 * plan, whatever the number of tables written. The parts see the same snapshot and not each
 * other's rows, so they must not depend on each other's effects; foreign keys are checked at the
 * end of the statement, after every part ran, so a parent and its children may be inserted by
 * different parts. `$1` is the account id.
 */
export class CombinedWrite {
  private params: unknown[];
  private parts: Part[] = [];

  constructor(private readonly accountId: string) {
    this.params = [accountId];
  }

  /** Parameters numbered in the statement being built. */
  unnest(): UnnestParams {
    return new UnnestParams(this.params);
  }

  /** Adds an INSERT/UPDATE built on `unnest()` parameters. */
  add(sql: string): void {
    this.parts.push({ sql });
  }

  /**
   * Adds an INSERT ... ON CONFLICT DO NOTHING that must insert `expected` rows: fewer means a
   * concurrent transaction took some of them first, and `flush` fails (see there) so the batch
   * re-runs.
   */
  addClaim(sql: string, expected: number): void {
    this.parts.push({ sql: `${sql} RETURNING 1`, expected });
  }

  /**
   * Adds upsert statements (see upsertStatements); when there are none because the rows have too
   * many shapes, sends what was added so far and runs `fallback`, which writes on its own.
   */
  async addUpsertsOr(
    tx: SqlTransaction,
    statements: string[] | null,
    fallback: () => Promise<void>,
  ): Promise<void> {
    if (statements) {
      for (const sql of statements) this.add(sql);
      return;
    }
    await this.flush(tx);
    await fallback();
  }

  /**
   * Sends the parts added so far as one statement and starts a new one. A claim that inserted
   * fewer rows than expected fails the statement on the server (so nothing of it stays, even when
   * `commit` sends the COMMIT right behind it) and throws IdentityTakenConcurrently.
   */
  async flush(tx: SqlTransaction, options: { commit?: boolean } = {}): Promise<void> {
    const parts = this.parts;
    const params = this.params;
    this.parts = [];
    this.params = [this.accountId];
    if (parts.length === 0) return;
    const ctes = parts.map((part, i) => `w${i} AS (${part.sql})`);
    const shortfalls = parts.flatMap((part, i) => {
      if (part.expected === undefined) return [];
      params.push(part.expected);
      return [`(SELECT count(*) FROM w${i}) < $${params.length}::int`];
    });
    const result =
      shortfalls.length > 0
        ? `CASE WHEN ${shortfalls.join(' OR ')} THEN ingest_identity_taken() ELSE 0 END AS short`
        : '1 AS done';
    try {
      await tx.query(`WITH ${ctes.join(',\n')}\nSELECT ${result}`, params, options);
    } catch (error) {
      if (isIdentityTaken(error)) throw new IdentityTakenConcurrently();
      throw error;
    }
  }
}
