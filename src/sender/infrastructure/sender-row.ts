import { SenderType } from '../../shared/domain/identifiers';
import { Sender } from '../domain/sender';

/** Select list over `senders s LEFT JOIN workspaces w`: the external workspace_id, not the uuid. */
export const SENDER_COLUMNS = `s.id, s.sender, s.type, w.workspace_id, s.sender_name, s.email_server,
  s.email_reseller, s.email_domain, s.platform, s.created_at, s.updated_at`;

export interface SenderRow {
  id: string;
  sender: string;
  type: SenderType;
  workspace_id: string | null;
  sender_name: string | null;
  email_server: string | null;
  email_reseller: string | null;
  email_domain: string | null;
  platform: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toSender(row: SenderRow): Sender {
  return {
    id: row.id,
    sender: row.sender,
    type: row.type,
    workspaceId: row.workspace_id,
    sender_name: row.sender_name,
    email_server: row.email_server,
    email_reseller: row.email_reseller,
    emailDomain: row.email_domain,
    platform: row.platform,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
