import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
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
 * otherwise; COMMIT goes right behind the statement marked `commit`. Parameterised statements
 * are prepared once per connection (see MAX_PREPARED_STATEMENTS), so repeats skip the server's
 * parse and planning.
 */
class PgTransaction implements SqlTransaction {
  begun = false;
  /** COMMIT was sent behind a statement (option `commit`); the runner sends none. */
  committing = false;
  /** The runner is ending the transaction: nothing more may be sent on its client. */
  closed = false;

  constructor(
    private readonly client: PoolClient,
    private readonly names: StatementNames,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async query<T = any>(
    sql: string,
    parameters: unknown[] = [],
    options: { commit?: boolean } = {},
  ): Promise<T> {
    if (this.closed || this.committing) throw new Error('the transaction has ended');
    // The pipelined COMMIT is only safe when the statement fails on the server, if it fails: a
    // parameter the driver cannot encode would fail it in the client, and COMMIT would then
    // commit the statements before it. Scalars and arrays of scalars always encode.
    if (options.commit && !parameters.every(encodable)) {
      throw new Error('a statement sent with its COMMIT takes scalars and arrays of scalars only');
    }
    this.corkUntilNextTick();
    const sent: Promise<QueryResult | QueryResult[] | undefined>[] = [];
    if (parameters.length === 0) {
      sent.push(this.client.query(this.begun ? sql : `BEGIN;\n${sql}`));
    } else {
      if (!this.begun) sent.push(this.client.query('BEGIN'));
      const name = this.names.nameOf(sql);
      sent.push(
        this.client.query(
          name === undefined
            ? { text: sql, values: parameters }
            : { name, text: sql, values: parameters },
        ),
      );
    }
    const results = sent.length - 1;
    this.begun = true;
    // After a failed statement the server answers COMMIT by rolling back: the statement's error
    // is what the caller gets, and nothing was committed.
    if (options.commit) {
      sent.push(this.client.query('COMMIT'));
      this.committing = true;
    }
    const result = (await Promise.all(sent))[results] as QueryResult | QueryResult[];
    return (Array.isArray(result) ? result[result.length - 1] : result).rows as T;
  }

  /**
   * Statements started together (BEGIN, the lock, the lookup and the workspaces; the write and
   * its COMMIT) leave in one socket write instead of one each: the driver corks the socket per
   * statement only, and each write wakes the server and costs the service a system call. The
   * socket is uncorked once the current batch of promise callbacks has run, so nothing waits.
   */
  private corkUntilNextTick(): void {
    const stream = (this.client as unknown as { connection?: { stream?: Writable } }).connection
      ?.stream;
    // Already corked: by an earlier statement of this tick, whose uncork is scheduled.
    if (typeof stream?.cork !== 'function' || stream.writableCorked > 0) return;
    stream.cork();
    process.nextTick(() => stream.uncork());
  }
}

function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date ||
    Buffer.isBuffer(value)
  );
}

function encodable(value: unknown): boolean {
  return isScalar(value) || (Array.isArray(value) && value.every(isScalar));
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
      if (tx.begun && !tx.committing) await client.query('COMMIT');
      tx.closed = true;
      release(client);
      return result;
    } catch (error) {
      tx.closed = true;
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
