import { getSchemaPath } from '@nestjs/swagger';
import { EventItemDto } from './event-item.dto';

export const EVENTS_OPERATION_DESCRIPTION = `
Upserts leads, companies, workspace memberships and LinkedIn connection levels. The body is one
update object or a JSON array of them (an empty array is accepted: 200 with total 0).

**Validation, per item.** Each element is validated on its own; a failing item gets one
\`errors.details\` entry with its \`index\` and every problem it has, and the other items are still
applied. Rules: \`event\` must be \`update_attributes\`; at least one lead or company identifier;
lead attributes need a lead identifier, company attributes a company identifier; workspace_id is
required if any of import_name, list_source, exclusion_reason, icp is present (and for tags and
lead_status), and workspace fields need a lead identifier; linkedin_connection_level (1, 2 or 3)
needs sender (a LinkedIn profile URL) and a lead identifier. Values are strings (numbers accepted
for company_employee_count and linkedin_connection_level); emails and LinkedIn URLs must be valid;
each field has a maximum length; NUL characters are rejected.

**"" vs null.** An empty or whitespace-only string means "not sent" (the stored value is kept);
\`null\` clears an attribute. Fields not sent are never touched. Identifiers cannot be cleared.
**Unknown fields are ignored.**

**Matching.** Lead identifiers are tried in priority order unified_lead_id, lead_email,
lead_linkedin_url, lead_sales_navigator_url, lead_linkedin_id: the first one that belongs to an
existing lead of your account selects it; if none does, a new lead is created. Every other
identifier of the item is attached to that lead, so later items can match by any of them. A
lower-priority identifier that already belongs to a *different* lead stays with that lead, and
that lead is left untouched (the item still succeeds). Companies match the same way by
unified_company_id, company_domain, company_linkedin_url. Identifiers are compared in canonical
form (emails lower-cased, LinkedIn URLs and domains normalised). An item with a lead and a company
links the lead to the company. company_normalized_name is derived from company_name unless sent
as an override, which wins and persists (same for company_normalized_industry).

**Atomicity and order.** Each item is applied completely or not at all; items of one request are
applied in array order, so later items override earlier ones for the same lead. Concurrent
requests carrying the same new identity create one record.

**Status codes.** 200 when no item failed, 207 when some failed, 422 when all failed; 400 when
the body is not JSON or not an object/array; 401 for a bad API key; 413 when the body exceeds
MAX_BODY_BYTES (default 10 MB) or the array has more than MAX_BATCH_ITEMS items (default 10,000).
`.trim();

const single = {
  event: 'update_attributes',
  platform: 'clay',
  lead_email: 'ada@acme.com',
  lead_linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  lead_first_name: 'Ada',
  lead_job_title: 'CTO',
  company_domain: 'acme.com',
  company_name: 'Acme Inc.',
  workspace_id: 'ws-emea',
  icp: 'tier 1',
  tags: ['vip'],
};

export const EVENTS_BODY = {
  schema: {
    oneOf: [
      { $ref: getSchemaPath(EventItemDto) },
      { type: 'array', items: { $ref: getSchemaPath(EventItemDto) } },
    ],
  },
  examples: {
    single: { summary: 'One update object', value: single },
    batch: {
      summary: 'A batch (array)',
      value: [
        single,
        {
          event: 'update_attributes',
          lead_email: 'grace@acme.com',
          sender: 'https://www.linkedin.com/in/sales-rep',
          linkedin_connection_level: '2',
        },
        { event: 'update_attributes', company_domain: 'globex.com', company_employee_count: '350' },
      ],
    },
  },
};
