import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, PoolClient, QueryResult } from 'pg';
import { DataSource } from 'typeorm';
import { pgPoolOf } from '../../database/pg-pool';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { IdentityTakenConcurrently, TransactionRunner } from '../domain/ports';

/** serialization_failure, deadlock_detected, unique_violation: another transaction got there first. */
const TRANSIENT_CODES = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 8;

/**
 * Distinct statement texts kept as named prepared statements. The write's text depends on which
 * tables and field sets a batch has, so the set is open-ended; past this many texts the rest run
 * unnamed, which bounds what each server connection keeps (one parsed statement and plan each).
 */
export const MAX_PREPARED_STATEMENTS = 64;

function isTransient(error: unknown): boolean {
  if (error instanceof IdentityTakenConcurrently) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/**
 * Statement text → prepared-statement name, for every connection of the pool. A name is derived
 * from the text, so a connection that already holds a statement (from another runner on the same
 * pool) never sees one name for two texts.
 */
class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly capacity: number) {}

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.capacity) {
      name = `ingest_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/**
 * One transaction on a pooled pg client in pipeline mode: each statement is written to the
 * connection when `query` is called, without waiting for earlier ones, so statements started
 * together share a round trip and the server runs them in call order. BEGIN goes with the first
 * statement: in the same simple-protocol query when it has no parameters, just before it
 * otherwise. Parameterised statements are prepared once per connection
 * (see MAX_PREPARED_STATEMENTS), so repeats skip the server's parse and planning.
 */
class PgTransaction implements SqlTransaction {
  begun = false;

  constructor(
    private readonly client: PoolClient,
    private readonly names: StatementNames,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async query<T = any>(sql: string, parameters: unknown[] = []): Promise<T> {
    if (parameters.length === 0) {
      const text = this.begun ? sql : `BEGIN;\n${sql}`;
      this.begun = true;
      const results = (await this.client.query(text)) as QueryResult | QueryResult[];
      return (Array.isArray(results) ? results[results.length - 1] : results).rows as T;
    }
    // Sent at once, without waiting for BEGIN: statements go out in call order (pipelining).
    const begin = this.begun ? undefined : this.client.query('BEGIN');
    this.begun = true;
    const name = this.names.nameOf(sql);
    const statement = this.client.query(
      name === undefined
        ? { text: sql, values: parameters }
        : { name, text: sql, values: parameters },
    );
    const [, result] = await Promise.all([begin, statement]);
    return result.rows as T;
  }
}

function ignoreConnectionError(): void {}

function release(client: PoolClient, broken?: Error): void {
  client.off('error', ignoreConnectionError);
  client.release(broken);
}

/**
 * READ COMMITTED transactions straight on TypeORM's pg pool (the ingestion write path is all
 * hand-written SQL, so the ORM's query runner would only add work per statement), re-run from
 * scratch when they lose a race: on the next attempt the winner's rows are visible, so the batch
 * matches them instead of conflicting with them.
 */
@Injectable()
export class PgTransactionRunner extends TransactionRunner {
  private readonly logger = new Logger(PgTransactionRunner.name);
  private readonly pool: Pool;
  private readonly names = new StatementNames(MAX_PREPARED_STATEMENTS);

  constructor(dataSource: DataSource) {
    super();
    this.pool = pgPoolOf(dataSource);
  }

  async run<T>(work: (tx: SqlTransaction, attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work, attempt);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isTransient(error)) throw error;
        this.logger.debug(`transaction lost a race (attempt ${attempt}); retrying`);
        await sleep(Math.random() * 10 * attempt);
      }
    }
  }

  private async once<T>(
    work: (tx: SqlTransaction, attempt: number) => Promise<T>,
    attempt: number,
  ): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out client emits 'error' when its connection breaks (the server goes away, the
    // watchdog closes it); the statement in flight fails with that error, so it is handled there.
    // Unheard, the event would crash the process.
    client.on('error', ignoreConnectionError);
    const tx = new PgTransaction(client, this.names);
    try {
      const result = await work(tx, attempt);
      if (tx.begun) await client.query('COMMIT');
      release(client);
      return result;
    } catch (error) {
      // A client whose ROLLBACK fails is in an unknown state: the pool closes it instead.
      const broken = tx.begun
        ? await client.query('ROLLBACK').then(
            () => undefined,
            (rollbackError: unknown) => rollbackError as Error,
          )
        : undefined;
      release(client, broken);
      throw error;
    }
  }
}
