import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';

export const ROOT = join(__dirname, '..', '..');
export const ARTIFACTS = join(ROOT, '.artifacts');

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** A child process whose output goes to .artifacts/<name>.log; stopped by its pid. */
export class Child {
  private readonly exited: Promise<number | null>;
  output = '';

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const log = createWriteStream(join(ARTIFACTS, `${name}.log`));
    for (const stream of [proc.stdout, proc.stderr])
      stream?.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
        log.write(chunk);
      });
    this.exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
    void this.exited.then(() => log.end());
  }

  get running(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async stop(): Promise<void> {
    if (!this.running || this.proc.pid === undefined) return;
    process.kill(this.proc.pid, 'SIGTERM');
    const killed = setTimeout(() => {
      if (this.running && this.proc.pid !== undefined) process.kill(this.proc.pid, 'SIGKILL');
    }, 30_000);
    await this.exited;
    clearTimeout(killed);
  }
}

export interface Service {
  baseUrl: string;
  adminKey: string;
  child: Child;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** Names the log file and the throw-away database. */
  name: string;
  /** Port and data directory of the embedded PostgreSQL, used when DATABASE_URL is unset. */
  embeddedPgPort: number;
  embeddedPgDir: string;
  env?: Record<string, string>;
}

/**
 * Starts the built service (`node dist/src/main.js`) on a random port with the admin API on.
 * With DATABASE_URL it runs on a fresh database of that server, dropped afterwards; without it,
 * on an embedded PostgreSQL whose port and directory differ from `npm start`'s and the tests'.
 */
export async function startService(options: ServiceOptions): Promise<Service> {
  const port = await freePort();
  const adminKey = `admin-${randomBytes(18).toString('hex')}`;
  const database = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL, options.name)
    : undefined;
  const child = new Child(
    options.name,
    spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        ADMIN_API_KEY: adminKey,
        LOG_LEVEL: 'warn',
        ...(database
          ? { DATABASE_URL: database.url }
          : {
              EMBEDDED_PG_PORT: String(options.embeddedPgPort),
              EMBEDDED_PG_DIR: options.embeddedPgDir,
            }),
        ...options.env,
      },
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    await database?.drop();
  };
  try {
    await waitFor(
      'the service',
      async () => {
        if (!child.running) throw new Error(`the service exited:\n${child.output}`);
        return (await fetch(`${baseUrl}/health`)).ok;
      },
      180_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, adminKey, child, stop };
}

async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
