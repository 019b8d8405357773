import { Client, Pool, PoolClient } from 'pg';

export interface WatchdogOptions {
  /** A pool client held this long makes the watchdog ask whether the server still answers. */
  suspectAfterMs: number;
  /** Budget of that question: connecting and running `SELECT 1` on a fresh connection. */
  probeTimeoutMs: number;
  checkEveryMs: number;
}

export const WATCHDOG_DEFAULTS: WatchdogOptions = {
  suspectAfterMs: 1_000,
  probeTimeoutMs: 2_000,
  checkEveryMs: 250,
};

/** An error the server itself sent (it has a SQLSTATE): the server answered, so it is alive. */
function isServerAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Ends a client's socket now; `end()` would wait for a goodbye a frozen server never sends. */
function destroySocket(client: Client | PoolClient): void {
  (
    client as unknown as { connection?: { stream?: { destroy(): void } } }
  ).connection?.stream?.destroy();
}

/**
 * A frozen server (stopped process, hung host, network black hole) answers nothing: queries on
 * connections already open neither fail nor finish, and neither the connect timeout nor the
 * server's statement_timeout can fire. The watchdog notices pool clients held for long, asks the
 * server a trivial question on a fresh connection, and when that gets no answer either, destroys
 * the sockets of the clients that were held: their queries fail at once with "Connection
 * terminated" (a 503 for the request), their transactions roll back when the server wakes (a
 * COMMIT already on its way may still land: the upserts make a retry harmless), and the pool
 * replaces them. A server that answers, even with an error, is alive: slow work is left alone
 * until statement_timeout.
 */
export class UnresponsiveDatabaseWatchdog {
  private readonly held = new Map<PoolClient, number>();
  private timer?: NodeJS.Timeout;
  private probing = false;

  constructor(
    private readonly pool: Pool,
    private readonly url: string,
    private readonly onUnresponsive: (destroyed: number) => void,
    private readonly options: WatchdogOptions = WATCHDOG_DEFAULTS,
  ) {}

  start(): void {
    this.pool.on('acquire', (client) => this.held.set(client, Date.now()));
    this.pool.on('release', (_error, client) => this.held.delete(client));
    this.pool.on('remove', (client) => this.held.delete(client));
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One round: probe if a client has been held too long; returns how many were destroyed. */
  async check(): Promise<number> {
    if (this.probing) return 0;
    const since = Date.now() - this.options.suspectAfterMs;
    const suspects = [...this.held].filter(([, at]) => at <= since).map(([client]) => client);
    if (suspects.length === 0) return 0;
    this.probing = true;
    try {
      if (await this.serverAnswers()) return 0;
      const stuck = suspects.filter((client) => this.held.has(client));
      stuck.forEach(destroySocket);
      if (stuck.length > 0) this.onUnresponsive(stuck.length);
      return stuck.length;
    } finally {
      this.probing = false;
    }
  }

  private async serverAnswers(): Promise<boolean> {
    const probe = new Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.options.probeTimeoutMs,
      query_timeout: this.options.probeTimeoutMs,
      application_name: 'outreach-ingest-watchdog',
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.query('SELECT 1');
    } catch (error) {
      destroySocket(probe);
      return isServerAnswer(error);
    }
    await probe.end().catch(() => undefined);
    return true;
  }
}
