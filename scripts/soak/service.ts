import { startService } from '../lib/service-process';

export interface SoakService {
  baseUrl: string;
  apiKey: string;
  description: string;
  stop(): Promise<void>;
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
 * The built service on a fresh database of DATABASE_URL's server, or on an embedded PostgreSQL
 * of its own (never the ports or directories of `npm start` or `npm test`), with an account and
 * an API key made through the admin API.
 */
export async function startSoakService(runId: string): Promise<SoakService> {
  const service = await startService({
    name: `soak_${runId}`,
    embeddedPgPort: 54350,
    embeddedPgDir: '.data/soak-pg',
    // The soak measures correctness under steady load, not the per-key limit.
    env: { RATE_LIMIT_MAX: '0' },
  });
  try {
    const { baseUrl, adminKey } = service;
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
    process.stderr.write(`soak: service pid ${service.child.proc.pid} on ${baseUrl}\n`);
    return { baseUrl, apiKey: String(key.key), description: 'dist', stop: service.stop };
  } catch (error) {
    await service.stop();
    throw error;
  }
}
