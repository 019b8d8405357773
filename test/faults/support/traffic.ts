import { queryRows } from './postgres';

/** No request may take longer than this; a fetch still open then counts as a hang. */
export const HANG_MS = 15_000;

export interface Outcome {
  kind: 'events' | 'senders';
  /** The identifiers the request carried: lead emails or sender emails. */
  keys: string[];
  startedAt: number;
  endedAt: number;
  status?: number;
  body?: unknown;
  retryAfter?: string | null;
  /** Network-level failure (refused, reset, hang), when there was no HTTP response. */
  failure?: string;
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as { name?: string }).name === 'TimeoutError') return 'HANG';
  return cause?.code ?? cause?.message ?? String(error);
}

/** Sends one JSON request and records what happened, whatever happened. */
export async function timedPost(
  baseUrl: string,
  apiKey: string,
  kind: Outcome['kind'],
  items: Record<string, unknown>[],
  keys: string[],
): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(`${baseUrl}/v1/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(items),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the assertion on the body shape reports it
    }
    return {
      kind,
      keys,
      startedAt,
      endedAt: Date.now(),
      status: response.status,
      body,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return { kind, keys, startedAt, endedAt: Date.now(), failure: failureOf(error) };
  }
}

export function leadBatch(
  prefix: string,
  size: number,
): { items: Record<string, unknown>[]; keys: string[] } {
  const keys = Array.from({ length: size }, (_, index) => `${prefix}-${index}@fault.test`);
  const items = keys.map((email, index) => ({
    event: 'update_attributes',
    lead_email: email,
    lead_first_name: `First ${index}`,
    company_domain: `${prefix.replace(/[^a-z0-9]/g, '')}.example.com`,
    workspace_id: 'ws-fault',
    lead_status: 'contacted',
  }));
  return { items, keys };
}

export function senderBatch(
  prefix: string,
  size: number,
): { items: Record<string, unknown>[]; keys: string[] } {
  const keys = Array.from({ length: size }, (_, index) => `${prefix}-${index}@senders.test`);
  const items = keys.map((sender, index) => ({
    sender,
    sender_name: `Sender ${index}`,
    workspace_id: index % 2 === 0 ? 'ws-fault' : null,
    email_server: 'google_workspace',
  }));
  return { items, keys };
}

/** How many of each request's identifiers exist in the database. */
export async function presentCounts(databaseUrl: string, outcomes: Outcome[]): Promise<number[]> {
  const emails = outcomes.filter((o) => o.kind === 'events').flatMap((o) => o.keys);
  const senders = outcomes.filter((o) => o.kind === 'senders').flatMap((o) => o.keys);
  const present = new Set<string>();
  const leadRows = await queryRows<{ value: string }>(
    databaseUrl,
    `SELECT value FROM lead_identifiers WHERE kind = 'lead_email' AND value = ANY($1)`,
    [emails],
  );
  leadRows.forEach((row) => present.add(`events:${row.value}`));
  const senderRows = await queryRows<{ sender: string }>(
    databaseUrl,
    `SELECT sender FROM senders WHERE sender = ANY($1)`,
    [senders],
  );
  senderRows.forEach((row) => present.add(`senders:${row.sender}`));
  return outcomes.map((o) => o.keys.filter((key) => present.has(`${o.kind}:${key}`)).length);
}

/** Requests whose items are neither all present nor all absent, and 200s with missing items. */
export async function writeViolations(databaseUrl: string, outcomes: Outcome[]): Promise<string[]> {
  const counts = await presentCounts(databaseUrl, outcomes);
  const violations: string[] = [];
  outcomes.forEach((outcome, index) => {
    const present = counts[index];
    const total = outcome.keys.length;
    const label = `${outcome.kind} ${outcome.keys[0]} (status ${outcome.status ?? outcome.failure})`;
    if (present !== 0 && present !== total)
      violations.push(`half-written: ${label}: ${present}/${total}`);
    if (outcome.status === 200 && present !== total)
      violations.push(`lost: ${label}: ${present}/${total}`);
  });
  return violations;
}

/**
 * One client posting event batches of 3-5 leads back to back while `running()`, recording every
 * outcome; it pauses 50 ms after anything but a 200.
 */
export async function eventClient(
  baseUrl: string,
  apiKey: string,
  client: number,
  outcomes: Outcome[],
  running: () => boolean,
): Promise<void> {
  for (let request = 0; running(); request++) {
    const batch = leadBatch(`c${client}-r${request}`, 3 + (request % 3));
    const outcome = await timedPost(baseUrl, apiKey, 'events', batch.items, batch.keys);
    outcomes.push(outcome);
    if (outcome.status !== 200) await sleep(50);
  }
}
