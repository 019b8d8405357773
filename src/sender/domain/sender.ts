import { SenderType } from '../../shared/domain/identifiers';
import { SenderAttributes } from './parse-sender-item';

/** A stored sender as the API shows it; `workspaceId` is the client's own workspace_id string. */
export interface Sender extends Readonly<Record<keyof SenderAttributes, string | null>> {
  readonly id: string;
  readonly sender: string;
  readonly type: SenderType;
  /** null: the sender is in Unassigned Senders. */
  readonly workspaceId: string | null;
  readonly emailDomain: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const SENDER_GROUP_BY = [
  'email_reseller',
  'email_server',
  'email_domain',
  'workspace_id',
  'type',
] as const;
export type SenderGroupBy = (typeof SENDER_GROUP_BY)[number];

export interface SenderCount {
  /** null: not set (for workspace_id: Unassigned Senders). */
  value: string | null;
  count: number;
}

/** At most one of workspaceId / unassigned; the service checks. */
export interface SenderListFilter {
  sender?: string;
  workspaceId?: string;
  unassigned?: boolean;
  type?: SenderType;
}

export interface SenderPage {
  senders: Sender[];
  /** The last sender of a full page, to continue after; null on the last page. */
  nextAfter: string | null;
}
