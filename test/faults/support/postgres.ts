import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const SUPERVISOR = join(__dirname, '..', '..', 'support', 'postgres-supervisor.ts');
const READY_TIMEOUT_MS = 90_000;

export function exited(
  child: ChildProcess,
): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

/** A PostgreSQL cluster in a temporary directory that the test can stop and start again. */
export class SupervisedPostgres {
  private child?: ChildProcess;
  private constructor(
    private readonly parent: string,
    readonly port: number,
    readonly database: string,
  ) {}

  static async create(database: string): Promise<SupervisedPostgres> {
    const parent = await mkdtemp(join(tmpdir(), 'outreach-ingest-fault-'));
    await chmod(parent, 0o755); // as root, PostgreSQL runs as the `postgres` user and must reach it
    return new SupervisedPostgres(parent, 54360 + Math.floor(Math.random() * 30), database);
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the cluster (initialising it the first time); resolves with the database URL. */
  async start(): Promise<string> {
    const child = spawn(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        SUPERVISOR,
        join(this.parent, 'pg'),
        String(this.port),
        this.database,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`PostgreSQL not ready:\n${output}`)),
        READY_TIMEOUT_MS,
      );
      child.stderr?.on('data', (chunk) => (output += chunk));
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        const ready = /^READY (\S+)$/m.exec(output);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL supervisor exited (${code}):\n${output}`));
      });
    });
  }

  /** Stops PostgreSQL (fast shutdown: open sessions are terminated) and waits for it. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited(child);
  }

  /**
   * Freezes the server without closing anything (SIGSTOP to the postmaster and its backends):
   * sockets stay open and the kernel still accepts connections, but nothing answers.
   */
  async freeze(): Promise<void> {
    // Twice: a backend forked while the first pass ran is caught by the second (the stopped
    // postmaster forks no more).
    for (let pass = 0; pass < 2; pass++) {
      for (const pid of await this.serverPids()) process.kill(pid, 'SIGSTOP');
    }
  }

  async thaw(): Promise<void> {
    for (const pid of await this.serverPids()) process.kill(pid, 'SIGCONT');
  }

  /** The postmaster (from postmaster.pid) and its children (from /proc). */
  private async serverPids(): Promise<number[]> {
    const postmaster = Number(
      (await readFile(join(this.parent, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const children: number[] = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(entry));
    }
    return [postmaster, ...children];
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.parent, { recursive: true, force: true });
  }
}

/** A fresh database on the server behind `adminUrl` (e.g. the system PostgreSQL of CI). */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const quoted = `"${name}"`;
  await admin(`CREATE DATABASE ${quoted}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`),
  };
}

/** Runs one piece of SQL on a database and returns its rows. */
export async function queryRows<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
