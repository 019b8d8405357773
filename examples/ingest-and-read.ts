import createClient from 'openapi-fetch';
import type { components, paths } from './client/schema';

/**
 * A typed client of Outreach Ingest in a few lines: `openapi-fetch` with the types that
 * `npm run client:generate` writes from openapi.json. It ingests two leads (with their company
 * and workspace) and two senders, then reads them back by identifier.
 *
 *   OUTREACH_URL=http://localhost:3000 OUTREACH_API_KEY=oik_… npx ts-node examples/ingest-and-read.ts
 */
export type Lead = components['schemas']['LeadDto'];
export type Sender = components['schemas']['SenderDto'];

export interface ReadBack {
  leads: Lead[];
  senders: Sender[];
}

export const LEAD_EMAILS = ['ada@example-analytical.com', 'grace@example-analytical.com'];
export const SENDERS = ['anna@outreach-mail.example', 'https://www.linkedin.com/in/sales-rep-anna'];

export async function run(
  baseUrl: string,
  apiKey: string,
  print: (line: string) => void = console.log,
): Promise<ReadBack> {
  const client = createClient<paths>({ baseUrl, headers: { 'x-api-key': apiKey } });

  const events = await client.POST('/v1/events', {
    body: [
      {
        event: 'update_attributes',
        lead_email: 'Ada@Example-Analytical.com',
        lead_first_name: 'Ada',
        lead_job_title: 'CTO',
        company_domain: 'https://www.example-analytical.com/about',
        company_name: 'Analytical Engines, Inc.',
        workspace_id: 'ws-emea',
        tags: ['vip'],
      },
      {
        event: 'update_attributes',
        lead_email: 'grace@example-analytical.com',
        lead_first_name: 'Grace',
        sender: SENDERS[1],
        linkedin_connection_level: '2',
      },
    ],
  });
  if (!events.data) throw new Error(`POST /v1/events: ${events.response.status}`);
  print(`events: ${events.data.success} of ${events.data.total} applied`);

  const senders = await client.POST('/v1/senders', {
    body: [
      {
        sender: 'Anna@Outreach-Mail.example',
        workspace_id: 'ws-emea',
        email_server: 'google_workspace',
        email_reseller: 'premium_inboxes',
      },
      { sender: SENDERS[1], sender_name: 'Anna (LinkedIn)', platform: 'heyreach' },
    ],
  });
  if (!senders.data) throw new Error(`POST /v1/senders: ${senders.response.status}`);
  print(`senders: ${senders.data.success} of ${senders.data.total} applied`);

  const leads: Lead[] = [];
  for (const lead_email of LEAD_EMAILS) {
    const { data, error } = await client.GET('/v1/leads', { params: { query: { lead_email } } });
    if (error) throw new Error(`GET /v1/leads: ${error.error}`);
    leads.push(...data.data);
  }
  for (const lead of leads)
    print(
      `lead ${lead.lead_email}: ${lead.lead_first_name} at ${lead.company?.company_normalized_name ?? 'no company'}`,
    );

  const found: Sender[] = [];
  for (const sender of SENDERS) {
    const { data, error } = await client.GET('/v1/senders', { params: { query: { sender } } });
    if (error) throw new Error(`GET /v1/senders: ${error.error}`);
    found.push(...data.data);
  }
  for (const sender of found)
    print(`sender ${sender.sender} (${sender.type}): workspace ${sender.workspace_id ?? '-'}`);

  return { leads, senders: found };
}

if (require.main === module) {
  const apiKey = process.env.OUTREACH_API_KEY;
  if (!apiKey) {
    console.error('Set OUTREACH_API_KEY (and OUTREACH_URL, default http://localhost:3000)');
    process.exit(1);
  }
  run(process.env.OUTREACH_URL ?? 'http://localhost:3000', apiKey).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
