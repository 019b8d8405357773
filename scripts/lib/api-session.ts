/**
 * A scripted session that calls every route of the API with realistic requests, including the
 * documented error statuses. The conformance e2e test validates each reply against openapi.json;
 * `npm run openapi:prism` replays the same session through a Prism validation proxy.
 */

export interface Step {
  /** What the step shows, for failure messages. */
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** A body sent as is, with content-type application/json (for malformed JSON). */
  raw?: string;
  expect: number;
  /**
   * The request itself breaks the document on purpose (a malformed JSON body, for one), so a
   * validating proxy is expected to flag the request; its response must still conform.
   */
  invalidRequest?: boolean;
}

export interface Reply {
  status: number;
  contentType: string;
  headers: Headers;
  body: unknown;
  text: string;
  /** A validating proxy answered by itself instead of forwarding the request. */
  refusedByProxy?: boolean;
}

export type Send = (step: Step) => Promise<Reply>;

export interface SessionOptions {
  adminKey: string;
  /** The service's MAX_BATCH_ITEMS: one more item than this earns a 413. */
  maxBatchItems: number;
}

/** Sends steps with fetch to a base URL (the service, or a proxy in front of it). */
export function fetchSend(baseUrl: string): Send {
  return async (step) => {
    const body = step.raw ?? (step.json === undefined ? undefined : JSON.stringify(step.json));
    const response = await fetch(new URL(step.path, baseUrl), {
      method: step.method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...step.headers,
      },
      body,
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let parsed: unknown = undefined;
    if (contentType.includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, contentType, headers: response.headers, body: parsed, text };
  };
}

const UNKNOWN_ID = '7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11';
const WRONG_KEY = { 'x-api-key': 'oik_' + 'A'.repeat(43) };
const WRONG_ADMIN_KEY = { 'x-admin-key': 'not-the-admin-key-0123456789' };

type Call = (step: Step) => Promise<Reply>;
type Shortcut = (
  name: string,
  path: string,
  expect: number,
  extra?: Partial<Step>,
) => Promise<Reply>;

/** Shortcuts for one caller: `get('name', '/path', 200, { headers })`. */
function shortcuts(call: Call, headers: Record<string, string>) {
  const verb =
    (method: Step['method']): Shortcut =>
    (name, path, expect, extra = {}) =>
      call({ name, method, path, expect, headers, ...extra });
  return { get: verb('GET'), post: verb('POST'), patch: verb('PATCH'), del: verb('DELETE') };
}

const idOf = (reply: Reply): string => (reply.body as { id: string }).id;

/**
 * Runs the session; throws on the first reply whose status is not the expected one, or that a
 * proxy refused although the request conforms to the document.
 */
export async function runApiSession(send: Send, options: SessionOptions): Promise<void> {
  const call: Call = async (step) => {
    const reply = await send(step);
    const where = `${step.name} (${step.method} ${step.path})`;
    if (reply.refusedByProxy) {
      if (step.invalidRequest) return reply;
      throw new Error(
        `${where}: the proxy refused it: ${reply.status} ${reply.text.slice(0, 500)}`,
      );
    }
    if (reply.status !== step.expect)
      throw new Error(
        `${where}: expected ${step.expect}, got ${reply.status} ${reply.text.slice(0, 500)}`,
      );
    return reply;
  };
  const run = Date.now().toString(36);
  await call({ name: 'health', method: 'GET', path: '/health', expect: 200 });
  await call({ name: 'metrics', method: 'GET', path: '/metrics', expect: 200 });
  const apiKey = await adminSession(call, options.adminKey, run);
  await ingestionSession(call, { 'x-api-key': apiKey }, run, options.maxBatchItems);
  await readSession(call, { 'x-api-key': apiKey }, run);
}

/** The admin API; returns a live API key of a new account. */
async function adminSession(call: Call, adminKey: string, run: string): Promise<string> {
  const { get, post, del } = shortcuts(call, { 'x-admin-key': adminKey });
  const wrong = shortcuts(call, WRONG_ADMIN_KEY);

  const account = await post('create an account', '/v1/admin/accounts', 201, {
    json: { name: `Conformance ${run}` },
  });
  const keys = `/v1/admin/accounts/${idOf(account)}/api-keys`;
  await post('create an account of the same name', '/v1/admin/accounts', 409, {
    json: { name: `conformance ${run}` },
  });
  await post('create an account without a name', '/v1/admin/accounts', 400, {
    json: { name: '' },
    invalidRequest: true,
  });
  await wrong.post('create an account, wrong admin key', '/v1/admin/accounts', 401, {
    json: { name: `Refused ${run}` },
  });
  await get('list accounts', '/v1/admin/accounts', 200);
  await wrong.get('list accounts, wrong admin key', '/v1/admin/accounts', 401);

  const issued = await post('issue an API key', keys, 201, { json: { name: 'conformance' } });
  const spare = await post('issue a second key, to revoke', keys, 201, { json: {} });
  const someKey = { json: { name: 'x' } };
  await post(
    'issue a key: unknown account',
    `/v1/admin/accounts/${UNKNOWN_ID}/api-keys`,
    404,
    someKey,
  );
  await post('issue a key: malformed id', '/v1/admin/accounts/not-a-uuid/api-keys', 400, someKey);
  await wrong.post('issue a key, wrong admin key', keys, 401, someKey);

  await get('list keys', keys, 200);
  await get('list keys: unknown account', `/v1/admin/accounts/${UNKNOWN_ID}/api-keys`, 404);
  await get('list keys: malformed id', '/v1/admin/accounts/not-a-uuid/api-keys', 400);
  await wrong.get('list keys, wrong admin key', keys, 401);

  await del('revoke a key', `/v1/admin/api-keys/${idOf(spare)}`, 200);
  await del('revoke an unknown key', `/v1/admin/api-keys/${UNKNOWN_ID}`, 404);
  await del('revoke a malformed key id', '/v1/admin/api-keys/not-a-uuid', 400);
  await wrong.del('revoke, wrong admin key', `/v1/admin/api-keys/${idOf(spare)}`, 401);
  return (issued.body as { key: string }).key;
}

/** POST /v1/events and /v1/senders: every documented outcome. */
async function ingestionSession(
  call: Call,
  key: Record<string, string>,
  run: string,
  maxBatchItems: number,
): Promise<void> {
  const { get, post } = shortcuts(call, key);
  const wrong = shortcuts(call, WRONG_KEY);
  const tooMany = (item: object) => Array.from({ length: maxBatchItems + 1 }, () => item);

  await get('who am I', '/v1/account', 200);
  await wrong.get('who am I, wrong key', '/v1/account', 401);

  const lead = { event: 'update_attributes', lead_email: `ada.${run}@acme.com` };
  await post('events: one item', '/v1/events', 200, {
    json: {
      ...lead,
      lead_first_name: 'Ada',
      lead_linkedin_url: `https://www.linkedin.com/in/ada-${run}`,
      company_domain: `acme-${run}.com`,
      company_name: 'Acme, Inc.',
      workspace_id: 'ws-emea',
      icp: 'tier 1',
      tags: ['vip'],
      sender: 'https://www.linkedin.com/in/sales-rep',
      linkedin_connection_level: 2,
    },
  });
  await post('events: one item of two fails', '/v1/events', 207, {
    json: [
      { event: 'update_attributes', lead_email: `grace.${run}@acme.com`, lead_job_title: 'VP' },
      { event: 'update_attributes', lead_email: 'not-an-email' },
    ],
  });
  await post('events: every item fails', '/v1/events', 422, {
    json: [{ event: 'update_attributes', icp: 'tier 1' }],
  });
  await post('events: too many items', '/v1/events', 413, { json: tooMany(lead) });
  await post('events: malformed JSON', '/v1/events', 400, {
    raw: '{"event": ',
    invalidRequest: true,
  });
  await wrong.post('events, wrong key', '/v1/events', 401, { json: lead });

  const sender = { sender: `anna.${run}@outreach-mail.com` };
  await post('senders: one item', '/v1/senders', 200, {
    json: {
      ...sender,
      workspace_id: 'ws-emea',
      email_server: 'google_workspace',
      email_reseller: 'cheap_inboxes',
    },
  });
  await post('senders: one item of two fails', '/v1/senders', 207, {
    json: [
      { sender: `https://www.linkedin.com/in/rep-${run}`, sender_name: 'Rep' },
      { sender: 'nobody' },
    ],
  });
  await post('senders: every item fails', '/v1/senders', 422, { json: [{ sender: 'nobody' }] });
  await post('senders: too many items', '/v1/senders', 413, { json: tooMany(sender) });
  await post('senders: malformed JSON', '/v1/senders', 400, {
    raw: '[{"sender": ',
    invalidRequest: true,
  });
  await wrong.post('senders, wrong key', '/v1/senders', 401, { json: sender });
}

/** The read API: senders (with summary and PATCH), leads, companies. */
async function readSession(call: Call, key: Record<string, string>, run: string): Promise<void> {
  const { get, patch } = shortcuts(call, key);
  const wrong = shortcuts(call, WRONG_KEY);

  const email = encodeURIComponent(`Anna.${run}@Outreach-Mail.com`);
  const found = await get('find a sender', `/v1/senders?sender=${email}`, 200);
  const sender = `/v1/senders/${(found.body as { data: { id: string }[] }).data[0].id}`;
  await get('list senders', '/v1/senders?limit=1', 200);
  await get('list senders: not a sender', '/v1/senders?sender=nobody', 400);
  await wrong.get('list senders, wrong key', '/v1/senders', 401);
  await get('summary by email_reseller', '/v1/senders/summary?group_by=email_reseller', 200);
  await get('summary by type', '/v1/senders/summary?group_by=type', 200);
  await get('summary by an unknown dimension', '/v1/senders/summary?group_by=colour', 400, {
    invalidRequest: true,
  });
  await wrong.get('summary, wrong key', '/v1/senders/summary?group_by=type', 401);
  await get('one sender', sender, 200);
  await get('unknown sender', `/v1/senders/${UNKNOWN_ID}`, 404);
  await get('malformed sender id', '/v1/senders/not-a-uuid', 400);
  await wrong.get('one sender, wrong key', sender, 401);
  const move = { json: { workspace_id: 'ws-us', sender_name: 'Anna' } };
  await patch('move a sender', sender, 200, move);
  await patch('unassign a sender', sender, 200, { json: { workspace_id: null } });
  await patch('empty sender change', sender, 400, { json: {} });
  await patch('change an unknown sender', `/v1/senders/${UNKNOWN_ID}`, 404, move);
  await wrong.patch('change a sender, wrong key', sender, 401, move);

  const leads = await get('find a lead', `/v1/leads?lead_email=ADA.${run}%40ACME.COM`, 200);
  const lead = (leads.body as { data: { id: string; company: { id: string } | null }[] }).data[0];
  await get('list leads', '/v1/leads?workspace_id=ws-emea&limit=1', 200);
  await get('list leads: not an email', '/v1/leads?lead_email=not-an-email', 400);
  await wrong.get('list leads, wrong key', '/v1/leads', 401);
  await get('one lead', `/v1/leads/${lead.id}`, 200);
  await get('unknown lead', `/v1/leads/${UNKNOWN_ID}`, 404);
  await get('malformed lead id', '/v1/leads/not-a-uuid', 400);
  await wrong.get('one lead, wrong key', `/v1/leads/${lead.id}`, 401);

  if (!lead.company) throw new Error('the lead was not linked to its company');
  const company = `/v1/companies/${lead.company.id}`;
  await get('find a company', `/v1/companies?company_domain=www.acme-${run}.com`, 200);
  await get('list companies', '/v1/companies?limit=2', 200);
  await get('list companies: bad cursor', '/v1/companies?cursor=garbage', 400);
  await wrong.get('list companies, wrong key', '/v1/companies', 401);
  await get('one company', company, 200);
  await get('unknown company', `/v1/companies/${UNKNOWN_ID}`, 404);
  await get('malformed company id', '/v1/companies/not-a-uuid', 400);
  await wrong.get('one company, wrong key', company, 401);
}
