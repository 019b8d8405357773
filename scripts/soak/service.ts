import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

const ROOT = join(__dirname, '..', '..');
const BUILT_MAIN = join(ROOT, 'dist', 'src', 'main.js');
/** Never the ports or directories of `npm start` (54329, .data/pg) or `npm test` (54330). */
const EMBEDDED_PORT = '54350';
const EMBEDDED_DIR = '.data/soak-pg';
const STOP_TIMEOUT_MS = 40_000;

export interface SoakService {
  baseUrl: string;
  apiKey: string;
  description: string;
  stop(): Promise<void>;
}

function newestMtime(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    return Math.max(newest, mtime);
  }, 0);
}

/** The build when it is newer than every source file, else the sources through ts-node. */
function entryPoint(): { args: string[]; label: string } {
  if (existsSync(BUILT_MAIN) && statSync(BUILT_MAIN).mtimeMs >= newestMtime(join(ROOT, 'src'))) {
    return { args: [BUILT_MAIN], label: 'dist' };
  }
  return {
    args: ['-r', 'ts-node/register/transpile-only', join(ROOT, 'src', 'main.ts')],
    label: 'ts-node',
  };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  process.kill(child.pid!, 'SIGTERM');
  const timer = setTimeout(
    () => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'),
    STOP_TIMEOUT_MS,
  );
  await exited(child);
  clearTimeout(timer);
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const status = await fetch(`${baseUrl}/health`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the service did not become healthy:\n${output().slice(-4000)}`);
}

async function adminPost(
  baseUrl: string,
  adminKey: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': adminKey },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Starts the service on DATABASE_URL (a fresh database created on that server, dropped at stop)
 * or, without it, on an embedded PostgreSQL of its own; creates an account and an API key.
 */
export async function startSoakService(runId: string): Promise<SoakService> {
  const adminKey = randomBytes(24).toString('base64url');
  const port = 31_000 + Math.floor(Math.random() * 2_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_API_KEY: adminKey,
    // The soak measures correctness under steady load, not the per-key limit.
    RATE_LIMIT_MAX: '0',
  };
  let dropDatabase = async (): Promise<void> => undefined;
  let where: string;
  if (process.env.DATABASE_URL) {
    const name = `soak_${runId}`;
    await admin(process.env.DATABASE_URL, `CREATE DATABASE "${name}"`);
    dropDatabase = () =>
      admin(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    where = `database ${name}`;
  } else {
    delete env.DATABASE_URL;
    env.EMBEDDED_PG_PORT = EMBEDDED_PORT;
    env.EMBEDDED_PG_DIR = EMBEDDED_DIR;
    where = `embedded PostgreSQL ${EMBEDDED_DIR}:${EMBEDDED_PORT}`;
  }
  const entry = entryPoint();
  const child = spawn(process.execPath, entry.args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await stopChild(child);
    await dropDatabase();
  };
  try {
    await waitForHealth(baseUrl, child, () => output);
    const account = await adminPost(baseUrl, adminKey, '/v1/admin/accounts', {
      name: `soak-${runId}`,
    });
    const key = await adminPost(
      baseUrl,
      adminKey,
      `/v1/admin/accounts/${String(account.id)}/api-keys`,
      {
        name: 'soak',
      },
    );
    process.stderr.write(
      `soak: service pid ${child.pid} (${entry.label}) on ${baseUrl}, ${where}\n`,
    );
    return { baseUrl, apiKey: String(key.key), description: entry.label, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
