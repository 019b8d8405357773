import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
}

/**
 * The real service in a child process, from the sources (ts-node): a build left in dist/ may be
 * older than the code under test.
 */
export function spawnService(env: Record<string, string>, port: number): ServiceProcess {
  const args = ['-r', 'ts-node/register/transpile-only', join(ROOT, 'src', 'main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

export async function waitForHealth(service: ServiceProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) break;
    const status = await fetch(`${service.baseUrl}/health`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`service did not become healthy:\n${service.output()}`);
}

/** Creates an account and one API key for it through the admin API. */
export async function createAccountKey(
  baseUrl: string,
  adminKey: string,
  name: string,
): Promise<string> {
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-key': adminKey },
      body: JSON.stringify(body),
    });
    if (response.status !== 201 && response.status !== 200) {
      throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as Record<string, unknown>;
  };
  const account = await post('/v1/admin/accounts', { name });
  const key = await post(`/v1/admin/accounts/${String(account.id)}/api-keys`, { name: 'fault' });
  return String(key.key);
}
