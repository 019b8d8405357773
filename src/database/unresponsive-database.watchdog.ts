import { Client, DatabaseError, Pool, PoolClient } from 'pg';

export interface WatchdogOptions {
  /** A pool client held this long makes the watchdog ask whether the server still answers. */
  suspectAfterMs: number;
  /** Budget of that question: completing the startup of a fresh connection. */
  probeTimeoutMs: number;
  checkEveryMs: number;
}

export const WATCHDOG_DEFAULTS: WatchdogOptions = {
  suspectAfterMs: 1_000,
  probeTimeoutMs: 2_000,
  checkEveryMs: 250,
};

/**
 * A timer that fired this much later than asked means the event loop was blocked (a large body
 * being parsed): the server's reply may be waiting unread, so the timeout proves nothing.
 */
const LATE_TIMER_FACTOR = 1.5;

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
 * until statement_timeout. Behind a connection pooler (PgBouncer) the pooler answers for the
 * server, so a frozen server there is left to statement_timeout and the pooler's own timeouts.
 */
export class UnresponsiveDatabaseWatchdog {
  private readonly held = new Map<PoolClient, number>();
  private timer?: NodeJS.Timeout;
  private probing = false;
  /** While long work runs, the server is asked at most once per suspectAfterMs. */
  private lastAnswerAt = 0;

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
    if (suspects.length === 0 || this.lastAnswerAt > since) return 0;
    this.probing = true;
    try {
      if (await this.serverAnswers()) {
        this.lastAnswerAt = Date.now();
        return 0;
      }
      // Only clients still held since before the probe: one released and taken again meanwhile
      // is doing new work.
      const stuck = suspects.filter((client) => (this.held.get(client) ?? Infinity) <= since);
      stuck.forEach(destroySocket);
      if (stuck.length > 0) this.onUnresponsive(stuck.length);
      return stuck.length;
    } finally {
      this.probing = false;
    }
  }

  /**
   * Whether the server answers a fresh connection. Connecting is the question: a frozen
   * PostgreSQL never completes the startup, while a loaded one still does even when its queries
   * are slow. Any error the server sends is an answer too.
   */
  private async serverAnswers(): Promise<boolean> {
    const budget = this.options.probeTimeoutMs;
    const probe = new Client({
      connectionString: this.url,
      connectionTimeoutMillis: budget,
      application_name: 'outreach-ingest-watchdog',
    });
    probe.on('error', () => undefined);
    const started = Date.now();
    try {
      await probe.connect();
    } catch (error) {
      destroySocket(probe);
      if (error instanceof DatabaseError) return true;
      return Date.now() - started > budget * LATE_TIMER_FACTOR;
    }
    // A clean goodbye, not awaited: a server that froze right now would never acknowledge it.
    const abandon = setTimeout(() => destroySocket(probe), budget);
    void probe
      .end()
      .catch(() => undefined)
      .finally(() => clearTimeout(abandon));
    return true;
  }
}
