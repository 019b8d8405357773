import { SqlTransaction } from '../../../shared/domain/sql-transaction';
import { IdentityTakenConcurrently } from '../../domain/ports';
import { UnnestParams } from './unnest-params';

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
   * concurrent transaction took some of them first, and `flush` throws IdentityTakenConcurrently
   * so the batch re-runs.
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

  /** Sends the parts added so far as one statement and starts a new one. */
  async flush(tx: SqlTransaction): Promise<void> {
    const parts = this.parts;
    const params = this.params;
    this.parts = [];
    this.params = [this.accountId];
    if (parts.length === 0) return;
    const ctes = parts.map((part, i) => `w${i} AS (${part.sql})`);
    const counts = parts.flatMap((part, i) =>
      part.expected === undefined ? [] : [`(SELECT count(*) FROM w${i})::int AS w${i}`],
    );
    const [row] = await tx.query<Record<string, number>[]>(
      `WITH ${ctes.join(',\n')}\nSELECT ${counts.length > 0 ? counts.join(', ') : '1 AS done'}`,
      params,
    );
    const short = parts.some(
      (part, i) => part.expected !== undefined && row[`w${i}`] < part.expected,
    );
    if (short) throw new IdentityTakenConcurrently();
  }
}
