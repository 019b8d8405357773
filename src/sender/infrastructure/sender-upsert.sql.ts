import { SENDER_ATTRIBUTE_FIELDS } from '../domain/parse-sender-item';
import { SenderWrite } from '../domain/fold-sender-items';

/**
 * The two set-based statements of `upsertMany`. Every column travels as one array parameter, so a
 * request costs the same number of statements for 1 sender or 10,000.
 *
 * 1. INSERT ... ON CONFLICT DO NOTHING RETURNING: a sender appears in RETURNING only for the one
 *    transaction that inserted it; a concurrent request for the same new sender waits on the
 *    unique index and then does nothing, so it counts the sender as updated.
 * 2. UPDATE ... FROM unnest(...) for the senders that already existed: each column changes only
 *    when some item sent it (null clears), which ON CONFLICT DO UPDATE cannot express because
 *    EXCLUDED has no room for the "was it sent" flags.
 */
export const INSERT_SENDERS = `
  INSERT INTO senders (account_id, sender, type, email_domain, workspace_id,
                       ${SENDER_ATTRIBUTE_FIELDS.join(', ')})
  SELECT $1::uuid, u.sender, u.type, u.email_domain, u.workspace_id,
         ${SENDER_ATTRIBUTE_FIELDS.map((field) => `u.${field}`).join(', ')}
    FROM unnest($2::text[], $3::text[], $4::text[], $5::uuid[],
                ${SENDER_ATTRIBUTE_FIELDS.map((_, i) => `$${6 + i}::text[]`).join(', ')})
         AS u(sender, type, email_domain, workspace_id, ${SENDER_ATTRIBUTE_FIELDS.join(', ')})
   ORDER BY u.sender
  ON CONFLICT (account_id, sender) DO NOTHING
  RETURNING sender`;

const UPDATED_COLUMNS = ['workspace_id', ...SENDER_ATTRIBUTE_FIELDS] as const;

export const UPDATE_SENDERS = `
  UPDATE senders s
     SET ${UPDATED_COLUMNS.map(
       (column) => `${column} = CASE WHEN u.${column}_sent THEN u.${column} ELSE s.${column} END`,
     ).join(',\n         ')},
         updated_at = now()
    FROM unnest($2::text[], ${UPDATED_COLUMNS.map(
      (column, i) =>
        `$${3 + 2 * i}::boolean[], $${4 + 2 * i}::${column === 'workspace_id' ? 'uuid' : 'text'}[]`,
    ).join(', ')})
         AS u(sender, ${UPDATED_COLUMNS.map((column) => `${column}_sent, ${column}`).join(', ')})
   WHERE s.account_id = $1 AND s.sender = u.sender`;

/** Resolves a write's workspace to the internal uuid: undefined = not sent, null = Unassigned. */
export type WorkspaceUuid = (write: { workspaceId?: string | null }) => string | null | undefined;

export function insertParameters(
  accountId: string,
  writes: readonly SenderWrite[],
  workspaceUuid: WorkspaceUuid,
): unknown[] {
  return [
    accountId,
    writes.map((w) => w.sender),
    writes.map((w) => w.type),
    writes.map((w) => w.emailDomain),
    writes.map((w) => workspaceUuid(w) ?? null),
    ...SENDER_ATTRIBUTE_FIELDS.map((field) => writes.map((w) => w.attributes[field] ?? null)),
  ];
}

export function updateParameters(
  accountId: string,
  writes: readonly SenderWrite[],
  workspaceUuid: WorkspaceUuid,
): unknown[] {
  const workspaces = writes.map(workspaceUuid);
  return [
    accountId,
    writes.map((w) => w.sender),
    workspaces.map((uuid) => uuid !== undefined),
    workspaces.map((uuid) => uuid ?? null),
    ...SENDER_ATTRIBUTE_FIELDS.flatMap((field) => [
      writes.map((w) => w.attributes[field] !== undefined),
      writes.map((w) => w.attributes[field] ?? null),
    ]),
  ];
}
