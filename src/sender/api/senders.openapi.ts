import { SUGGESTED_EMAIL_RESELLERS, SUGGESTED_EMAIL_SERVERS } from '../domain/parse-sender-item';

export const UPSERT_DESCRIPTION = [
  'Upserts senders by identity (account + canonical sender: lower-cased email, canonical LinkedIn',
  'profile URL). Existing senders are updated with the fields sent and counted in',
  '`breakdown.updated`; new ones are created and counted in `breakdown.created`.',
  '',
  '- `workspace_id` omitted: a new sender goes to **Unassigned Senders** (`workspace_id: null`),',
  '  an existing one stays where it is. Sent: the sender moves there. `null`: back to Unassigned.',
  '- The same sender twice in one array: the first item creates it, later items update it',
  '  (fields are applied in array order).',
  '- `type` is detected from `sender` when omitted; a sender that is neither an email address nor a',
  '  LinkedIn profile URL fails, as does a `type` contradicting `sender`.',
  '- `email_server` / `email_reseller` accept any non-empty string. Suggested values: servers',
  `  ${SUGGESTED_EMAIL_SERVERS.join(', ')}; resellers ${SUGGESTED_EMAIL_RESELLERS.join(', ')}.`,
  '  They describe mailbox infrastructure, so they are rejected on LinkedIn senders.',
  '- Strings are trimmed; `""` means not sent, `null` clears the stored value.',
  '- The email domain of email senders is stored for domain-level reporting.',
  '',
  'Status: 200 every item processed; 207 some items failed; 422 every item failed (nothing',
  'written). Items are validated independently; failures are listed by zero-based index.',
].join('\n');

export const UPSERT_EXAMPLES = {
  single: {
    summary: 'One email sender',
    value: {
      sender: 'anna@outreach-mail.com',
      sender_name: 'Anna Smith',
      workspace_id: 'ws_acme_eu',
      email_server: 'google_workspace',
      email_reseller: 'cheap_inboxes',
      platform: 'smartlead',
    },
  },
  batch: {
    summary: 'A batch: email, LinkedIn, custom reseller',
    value: [
      { sender: 'anna@outreach-mail.com', email_reseller: 'premium_inboxes' },
      { sender: 'https://www.linkedin.com/in/anna-smith', type: 'linkedin', platform: 'heyreach' },
      {
        sender: 'bob@outreach-mail.com',
        email_reseller: 'my_own_vendor',
        email_server: 'private_smtp',
      },
    ],
  },
};
