import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client, Notification, Pool } from 'pg';
import { DataSource } from 'typeorm';
import { pgPoolOf } from '../../database/pg-pool';
import { ApiKeyChangeListener, ApiKeyChanges } from '../application/api-key-changes';

export const API_KEY_CHANNEL = 'api_key_changes';
const RETRY_MS = 1_000;
/** How long a proof that notifications arrive may take before the feed counts as deaf. */
const PROOF_TIMEOUT_MS = 3_000;
/** How often a hearing feed proves it still hears: a connection can die without a word. */
const HEARTBEAT_MS = 3_000;
/** A feed that never heard its proof (a transaction-mode pooler in between) tries again this late. */
const DEAF_RETRY_MS = 60_000;

/**
 * LISTEN on a connection of its own (outside the pool). It reports "hearing" only after a
 * notification sent from another connection (the pool) arrived on it — behind a transaction-mode
 * pooler LISTEN succeeds but nothing arrives, and the cache must then stay off — and proves it
 * again every HEARTBEAT_MS, because a connection cut by the network (a NAT timeout, a failover)
 * may never report an error. A lost or deaf connection reports "not hearing" and is re-opened.
 * So a change made while the feed is quietly dead is missed for at most HEARTBEAT_MS +
 * PROOF_TIMEOUT_MS.
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
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'outreach-ingest-key-changes',
    });
    const proofs = new Map<string, () => void>();
    let lost = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const lose = (retryMs: number) => {
      if (lost) return;
      lost = true;
      clearTimeout(heartbeat);
      listener.hearing(false);
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.stopped) {
        this.retry = setTimeout(() => void this.open(listener), retryMs);
        this.retry.unref();
      }
    };
    /** Sends a notification through the pool; true when it arrived on this connection in time. */
    const prove = async (): Promise<boolean> => {
      const proof = `proof:${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        proofs.set(proof, () => resolve(true));
        timer = setTimeout(() => resolve(false), PROOF_TIMEOUT_MS);
        timer.unref();
      });
      try {
        await this.pool.query('SELECT pg_notify($1, $2)', [API_KEY_CHANNEL, proof]);
        return await heard;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
        proofs.delete(proof);
      }
    };
    const beat = () => {
      heartbeat = setTimeout(() => {
        void prove().then((heard) => {
          if (lost) return;
          if (heard) beat();
          else lose(RETRY_MS);
        });
      }, HEARTBEAT_MS);
      heartbeat.unref();
    };
    client.on('notification', (message: Notification) => {
      const proven = message.payload === undefined ? undefined : proofs.get(message.payload);
      if (proven) proven();
      else if (!message.payload?.startsWith('proof:')) listener.changed();
    });
    client.on('error', () => lose(RETRY_MS));
    client.on('end', () => lose(RETRY_MS));
    try {
      await client.connect();
      if (this.stopped) return void (await client.end());
      this.client = client;
      await client.query(`LISTEN ${API_KEY_CHANNEL}`);
      if (!(await prove())) {
        if (lost || this.stopped) return;
        if (!this.warnedDeaf) {
          this.logger.warn(
            'API-key change notifications do not arrive (a transaction-mode pooler?): key lookups are not cached',
          );
          this.warnedDeaf = true;
        }
        return lose(DEAF_RETRY_MS);
      }
      if (lost) return;
      listener.hearing(true);
      beat();
    } catch {
      lose(RETRY_MS);
    }
  }
}
