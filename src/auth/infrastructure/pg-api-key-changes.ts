import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client, Notification, Pool } from 'pg';
import { DataSource } from 'typeorm';
import { pgPoolOf } from '../../database/pg-pool';
import { ApiKeyChangeListener, ApiKeyChanges } from '../application/api-key-changes';

export const API_KEY_CHANNEL = 'api_key_changes';
const RETRY_MS = 1_000;
/** How long the proof that notifications arrive may take before the feed counts as deaf. */
const PROOF_TIMEOUT_MS = 5_000;
/** A feed that never heard its proof (a transaction-mode pooler in between) tries again this late. */
const DEAF_RETRY_MS = 60_000;

/**
 * LISTEN on a connection of its own (outside the pool). It reports "hearing" only after a
 * notification sent from another connection (the pool) arrived on it: behind a transaction-mode
 * pooler LISTEN succeeds but nothing arrives, and the cache must then stay off. A lost connection
 * reports "not hearing" and is re-opened after a second.
 */
@Injectable()
export class PgApiKeyChanges extends ApiKeyChanges {
  private readonly logger = new Logger(PgApiKeyChanges.name);
  private readonly pool: Pool;
  private client: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private warnedDeaf = false;

  constructor(dataSource: DataSource) {
    super();
    this.pool = pgPoolOf(dataSource);
  }

  start(listener: ApiKeyChangeListener): void {
    this.stopped = false;
    void this.open(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async open(listener: ApiKeyChangeListener): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      ...this.pool.options,
      pipeline: false,
      application_name: 'outreach-ingest-key-changes',
    });
    const proof = `proof:${randomUUID()}`;
    let proven: () => void = () => undefined;
    const heard = new Promise<void>((resolve) => (proven = resolve));
    let lost = false;
    const lose = (retryMs: number) => {
      if (lost) return;
      lost = true;
      listener.hearing(false);
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.stopped) {
        this.retry = setTimeout(() => void this.open(listener), retryMs);
        this.retry.unref();
      }
    };
    client.on('notification', (message: Notification) => {
      if (message.payload === proof) proven();
      else listener.changed();
    });
    client.on('error', () => lose(RETRY_MS));
    client.on('end', () => lose(RETRY_MS));
    try {
      await client.connect();
      if (this.stopped) return void (await client.end());
      this.client = client;
      await client.query(`LISTEN ${API_KEY_CHANNEL}`);
      await this.pool.query('SELECT pg_notify($1, $2)', [API_KEY_CHANNEL, proof]);
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), PROOF_TIMEOUT_MS).unref(),
      );
      if ((await Promise.race([heard, timeout])) === 'timeout') {
        if (!this.warnedDeaf) {
          this.logger.warn(
            'API-key change notifications do not arrive (a transaction-mode pooler?): key lookups are not cached',
          );
          this.warnedDeaf = true;
        }
        return lose(DEAF_RETRY_MS);
      }
      if (!lost) listener.hearing(true);
    } catch {
      lose(RETRY_MS);
    }
  }
}
