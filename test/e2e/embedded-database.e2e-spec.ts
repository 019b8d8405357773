import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3000 + Math.floor(Math.random() * 1000) + 17000;
const PG_PORT = 54400 + Math.floor(Math.random() * 100);

/** The service as `npm start` runs it, without DATABASE_URL, in a child process of its own. */
function startService(dataDir: string): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    EMBEDDED_PG_PORT: String(PG_PORT),
    EMBEDDED_PG_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_API_KEY;
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitForHealth(output: () => string, timeoutMs = 90_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (response.status === 200) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`service did not become healthy:\n${output()}`);
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((done) => child.once('exit', done));
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

describe('embedded PostgreSQL (e2e, the real service in a child process)', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;

  beforeAll(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'outreach-ingest-'));
    await chmod(parent, 0o755); // as root, PostgreSQL runs as the `postgres` user and must reach it
    dataDir = join(parent, 'pg');
  });

  afterAll(async () => {
    if (running && running.exitCode === null) {
      running.kill('SIGTERM');
      await exited(running);
    }
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('initialises, migrates, creates the default account once, and survives a SIGKILL', async () => {
    const first = startService(dataDir);
    running = first.child;
    await expect(waitForHealth(first.output)).resolves.toMatchObject({ status: 'ok' });
    expect(first.output()).toMatch(
      /First start: created account "default"[\s\S]*oik_[A-Za-z0-9_-]{43}/,
    );
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    const orphan = await postmasterPid(dataDir);

    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(existsSync(`/proc/${orphan}`)).toBe(true); // the killed service left its postmaster behind

    const second = startService(dataDir);
    running = second.child;
    await expect(waitForHealth(second.output)).resolves.toMatchObject({ status: 'ok' });
    expect(second.output()).not.toMatch(/First start/);
    expect(existsSync(`/proc/${orphan}`)).toBe(false);
    const restarted = await postmasterPid(dataDir);

    second.child.kill('SIGTERM');
    // Nest re-raises SIGTERM after its shutdown hooks ran, so the exit code says "terminated".
    expect([0, 128 + 15]).toContain(await exited(second.child));
    expect(existsSync(`/proc/${restarted}`)).toBe(false); // shutdown stops the database too
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 240_000);
});
