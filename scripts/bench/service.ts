/**
 * What the bench runs on: a PostgreSQL server (embedded unless DATABASE_URL is set), a fresh
 * database on it, and the service started from `dist/` as a child process.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { generateApiKey } from '../../src/auth/domain/api-key-secret';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';

/** The project root: the bench runs from `dist/scripts/bench` or, with ts-node, `scripts/bench`. */
export const PROJECT_ROOT = join(__dirname, __dirname.includes('/dist/') ? '../../..' : '../..');
const WORK_DIR = join(PROJECT_ROOT, '.data', 'bench');
const EMBEDDED_DIR = join(PROJECT_ROOT, '.data', 'bench-pg');
const EMBEDDED_PORT = 54331;

/** A failure the bench explains itself; main prints its message without a stack trace. */
export class BenchError extends Error {}

export interface BenchAccount {
  accountId: string;
  apiKey: string;
}

/** A database created for this run on the chosen server, dropped at the end. */
export class BenchDatabase {
  readonly pool: Pool;

  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly adminUrl: string,
    readonly embedded: EmbeddedPostgres | undefined,
    readonly serverVersion: string,
  ) {
    this.pool = new Pool({ connectionString: url, max: 2, application_name: 'bench' });
    // Idle connections die when the server stops under them (Ctrl-C): not worth a crash report.
    this.pool.on('error', () => undefined);
  }

  static async create(log: (line: string) => void): Promise<BenchDatabase> {
    let adminUrl = process.env.DATABASE_URL?.trim() || undefined;
    let embedded: EmbeddedPostgres | undefined;
    if (adminUrl === undefined) {
      // Default server settings (fsync stays on): the limit and the service share this server.
      embedded = new EmbeddedPostgres({
        dataDir: EMBEDDED_DIR,
        port: EMBEDDED_PORT,
        database: 'postgres',
      });
      log(`starting embedded PostgreSQL (${EMBEDDED_DIR}, port ${EMBEDDED_PORT})`);
      adminUrl = await embedded.start();
    }
    const name = `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
    try {
      const version = await withClient(adminUrl, async (client) => {
        if (embedded) await dropStaleDatabases(client, log);
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
        const { rows } = await client.query<{ v: string }>(
          `SELECT current_setting('server_version') AS v`,
        );
        return rows[0].v;
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      log(`created database ${name} (PostgreSQL ${version})`);
      return new BenchDatabase(name, url.toString(), adminUrl, embedded, version);
    } catch (error) {
      await embedded?.stop();
      throw error;
    }
  }

  /** An account and an API key for it, written directly (the service has no public sign-up). */
  async createAccount(name: string): Promise<BenchAccount> {
    const { key, prefix, hash } = generateApiKey();
    const { rows } = await this.pool.query<{ id: string }>(
      'INSERT INTO accounts (name) VALUES ($1) RETURNING id',
      [name],
    );
    await this.pool.query(
      `INSERT INTO api_keys (account_id, name, prefix, key_hash) VALUES ($1, 'bench', $2, $3)`,
      [rows[0].id, prefix, hash],
    );
    return { accountId: rows[0].id, apiKey: key };
  }

  async count(table: string, accountId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`,
      [accountId],
    );
    return rows[0].n;
  }

  /** Drops the database and stops the embedded server; never throws, returns what failed. */
  async destroy(): Promise<string[]> {
    const problems: string[] = [];
    await this.pool.end().catch(() => undefined);
    await withClient(this.adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(this.name)} WITH (FORCE)`),
    ).catch((error: unknown) => problems.push(`could not drop database ${this.name}: ${error}`));
    await this.embedded
      ?.stop()
      .catch((error: unknown) => problems.push(`could not stop PostgreSQL: ${error}`));
    return problems;
  }
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'bench' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Databases of killed runs on the bench's own cluster; one still in use is left alone. */
async function dropStaleDatabases(client: Client, log: (line: string) => void): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'bench\\_%'`,
  );
  for (const { datname } of rows) {
    try {
      await client.query(`DROP DATABASE ${client.escapeIdentifier(datname)}`);
      log(`dropped ${datname}, left behind by an interrupted run`);
    } catch {
      // In use by a concurrent run.
    }
  }
}

export interface ServiceSettings {
  LOG_LEVEL: string;
  DB_POOL_SIZE: string;
  MAX_BATCH_ITEMS: string;
  MAX_BODY_BYTES: string;
  RATE_LIMIT_MAX: string;
}

const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/** What the bench starts: the service, or the diagnostic of bare-http-main.ts. */
export const ENTRIES = {
  service: { main: ['dist', 'src', 'main.js'], log: 'service.log' },
  bareHttp: { main: ['dist', 'scripts', 'bench', 'bare-http-main.js'], log: 'bare-http.log' },
} as const;

/** `node dist/src/main.js` (by default) as a child process, its JSON log in a file. */
export class ServiceProcess {
  private exited = false;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly settings: ServiceSettings,
    readonly logFile: string,
  ) {
    child.once('exit', () => (this.exited = true));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  static async start(
    databaseUrl: string,
    settings: ServiceSettings,
    entry: (typeof ENTRIES)[keyof typeof ENTRIES] = ENTRIES.service,
  ): Promise<ServiceProcess> {
    const main = join(PROJECT_ROOT, ...entry.main);
    if (!existsSync(main)) throw new BenchError(`${main} is missing: run "nest build" first`);
    mkdirSync(WORK_DIR, { recursive: true });
    const port = await freePort();
    const logFile = join(WORK_DIR, entry.log);
    const log = openSync(logFile, 'w');
    const child = spawn(process.execPath, [main], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ...settings,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    // Whatever happens to the bench, the service does not outlive it.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    const service = new ServiceProcess(child, `http://127.0.0.1:${port}`, settings, logFile);
    await service.waitUntilHealthy();
    return service;
  }

  private async waitUntilHealthy(): Promise<void> {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.exited) throw new BenchError('the service exited during start-up');
      const healthy = await fetch(`${this.baseUrl}/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new BenchError(`the service did not answer /health within ${STARTUP_TIMEOUT_MS} ms`);
  }

  /** A `kB` field of /proc/<pid>/status (VmRSS, VmHWM), in MB. */
  memoryMb(field: 'VmRSS' | 'VmHWM'): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${this.pid}/status`);
    return Number(match[1]) / 1024;
  }

  /** Runs `work` while sampling VmRSS every few milliseconds; returns RSS before and peak during. */
  async sampleRss<T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; beforeMb: number; peakMb: number }> {
    const beforeMb = this.memoryMb('VmRSS');
    let peakMb = beforeMb;
    const timer = setInterval(() => {
      peakMb = Math.max(peakMb, this.memoryMb('VmRSS'));
    }, 5);
    try {
      const result = await work();
      peakMb = Math.max(peakMb, this.memoryMb('VmRSS'));
      return { result, beforeMb, peakMb };
    } finally {
      clearInterval(timer);
    }
  }

  /** SIGTERM (graceful: drains requests, closes the pool), SIGKILL if it hangs. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  logTail(lines = 25): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no service log)';
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
