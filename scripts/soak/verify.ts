import { SoakModel } from './model';

const CONCURRENCY = 16;

export interface Verification {
  verified: number;
  mismatches: string[];
  serverErrors: number;
}

async function getJson(
  baseUrl: string,
  apiKey: string,
  path: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { 'x-api-key': apiKey },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

function differences(
  label: string,
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
): string[] {
  return Object.entries(expected)
    .filter(([field, value]) => actual[field] !== value)
    .map(
      ([field, value]) =>
        `${label} ${field}: expected ${JSON.stringify(value)}, read ${JSON.stringify(actual[field])}`,
    );
}

/** Reads back every lead and sender the soak wrote successfully, through the list filters. */
export async function verify(
  baseUrl: string,
  apiKey: string,
  model: SoakModel,
): Promise<Verification> {
  const result: Verification = { verified: 0, mismatches: [], serverErrors: 0 };
  const checks: (() => Promise<string[]>)[] = [];
  for (const [email, expected] of model.leads) {
    checks.push(async () => {
      const { status, body } = await getJson(
        baseUrl,
        apiKey,
        `/v1/leads?lead_email=${encodeURIComponent(email)}`,
      );
      if (status >= 500) result.serverErrors++;
      const leads = (body as { data?: Record<string, unknown>[] })?.data ?? [];
      if (status !== 200 || leads.length !== 1)
        return [`lead ${email}: status ${status}, ${leads.length} found`];
      const lead = leads[0];
      const { statuses, ...attributes } = expected;
      const workspaces = new Map(
        (lead.workspaces as { workspace_id: string; lead_status: string | null }[]).map((w) => [
          w.workspace_id,
          w,
        ]),
      );
      return [
        ...differences(`lead ${email}`, attributes, lead),
        ...Object.entries(statuses)
          .filter(([workspace, status]) => workspaces.get(workspace)?.lead_status !== status)
          .map(
            ([workspace, status]) =>
              `lead ${email} ${workspace} lead_status: expected ${status}, read ${workspaces.get(workspace)?.lead_status}`,
          ),
      ];
    });
  }
  for (const [sender, expected] of model.senders) {
    checks.push(async () => {
      const { status, body } = await getJson(
        baseUrl,
        apiKey,
        `/v1/senders?sender=${encodeURIComponent(sender)}`,
      );
      if (status >= 500) result.serverErrors++;
      const senders = (body as { data?: Record<string, unknown>[] })?.data ?? [];
      if (status !== 200 || senders.length !== 1)
        return [`sender ${sender}: status ${status}, ${senders.length} found`];
      const withDefaults = { ...expected, workspace_id: expected.workspace_id ?? null };
      return differences(`sender ${sender}`, withDefaults, senders[0]);
    });
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < checks.length) {
      const found = await checks[next++]();
      result.verified++;
      result.mismatches.push(...found);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return result;
}
