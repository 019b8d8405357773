import { Patch } from '../../shared/domain/field';
import { SenderWrite } from './fold-sender-items';
import { SenderAttributes } from './parse-sender-item';
import { Sender, SenderCount, SenderGroupBy, SenderListFilter, SenderPage } from './sender';

export interface SenderChange {
  /** undefined: unchanged; null: Unassigned Senders; otherwise the client's workspace_id. */
  workspaceId?: string | null;
  attributes: Patch<SenderAttributes>;
}

export abstract class SenderRepository {
  /**
   * Creates or updates one row per write, in a constant number of statements whatever the count.
   * Returns the senders this call created (a sender created concurrently by another request is
   * reported as updated here).
   */
  abstract upsertMany(accountId: string, writes: readonly SenderWrite[]): Promise<Set<string>>;
  abstract findById(accountId: string, id: string): Promise<Sender | null>;
  /** Applies the change; null when the account has no such sender. */
  abstract update(accountId: string, id: string, change: SenderChange): Promise<Sender | null>;
  /** Ordered by sender; `after` continues after that sender. */
  abstract list(
    accountId: string,
    filter: SenderListFilter,
    page: { limit: number; after: string | null },
  ): Promise<SenderPage>;
  abstract countBy(accountId: string, groupBy: SenderGroupBy): Promise<SenderCount[]>;
}
