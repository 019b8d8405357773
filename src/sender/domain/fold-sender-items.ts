import { Patch } from '../../shared/domain/field';
import { SenderType } from '../../shared/domain/identifiers';
import { SenderAttributes, SenderItem } from './parse-sender-item';

/** One row to write: every item of a request that names the same sender, folded in array order. */
export interface SenderWrite {
  sender: string;
  type: SenderType;
  emailDomain: string | null;
  /** undefined: not sent by any of the items; null: move to Unassigned Senders. */
  workspaceId?: string | null;
  attributes: Patch<SenderAttributes>;
  /** How many items of the request named this sender (the first creates or updates, the rest update). */
  occurrences: number;
}

/**
 * Folds the valid items of one request into one write per sender, sorted by sender so that
 * concurrent requests lock rows in the same order. A later item overrides only what it sends.
 */
export function foldSenderItems(items: readonly SenderItem[]): SenderWrite[] {
  const bySender = new Map<string, SenderWrite>();
  for (const item of items) {
    const current = bySender.get(item.sender);
    if (current === undefined) {
      const write: SenderWrite = {
        sender: item.sender,
        type: item.type,
        emailDomain: item.emailDomain,
        attributes: { ...item.attributes },
        occurrences: 1,
      };
      if (item.workspaceId !== undefined) write.workspaceId = item.workspaceId;
      bySender.set(item.sender, write);
      continue;
    }
    current.occurrences += 1;
    Object.assign(current.attributes, definedOnly(item.attributes));
    if (item.workspaceId !== undefined) current.workspaceId = item.workspaceId;
  }
  return [...bySender.values()].sort((a, b) =>
    a.sender < b.sender ? -1 : a.sender > b.sender ? 1 : 0,
  );
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
