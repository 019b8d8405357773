import { Injectable } from '@nestjs/common';
import { v7 as timeOrderedUuid } from 'uuid';
import { WriteCoalescer } from '../../shared/application/write-coalescer';
import { FieldError } from '../../shared/domain/field';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { EventItem, parseEventItem } from '../domain/parse-event-item';
import {
  companyIdentifiers,
  leadIdentifiers,
  membershipWorkspaces,
  planBatch,
} from '../domain/plan-batch';
import { WorkspaceRepository } from '../../workspace/domain/workspace.repository';
import { IdentityLock, IdentityReader, PlanWriter, TransactionRunner } from '../domain/ports';

const COALESCED_ITEMS = 1_000;
const CONCURRENT_WRITES_PER_ACCOUNT = 4;

export interface IngestionSummary {
  success: number;
  total: number;
  errors: { count: number; details: { index: number; error: FieldError[] }[] };
}

/**
 * `POST /v1/events`: validates every item, then writes all valid ones in one transaction with a
 * fixed number of set-based statements: take the identity lock, look the identifiers up, plan the
 * batch in memory, write the plan.
 */
@Injectable()
export class IngestEventsService {
  /**
   * Concurrent requests of one account are written together (one transaction, one set of
   * statements) when they queue behind running writes: many single-item requests then cost what
   * one batch costs. A request alone is written at once.
   */
  private readonly writes = new WriteCoalescer<EventItem>(
    (accountId, items) =>
      this.transactions.run((tx, attempt) => this.write(tx, accountId, items, attempt)),
    { maxItems: COALESCED_ITEMS, maxConcurrent: CONCURRENT_WRITES_PER_ACCOUNT },
  );

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly identities: IdentityReader,
    private readonly plans: PlanWriter,
    private readonly identityLock: IdentityLock,
    private readonly workspaces: WorkspaceRepository,
  ) {}

  async ingest(accountId: string, raw: readonly unknown[]): Promise<IngestionSummary> {
    const valid: EventItem[] = [];
    const details: IngestionSummary['errors']['details'] = [];
    raw.forEach((element, index) => {
      const parsed = parseEventItem(element);
      if (parsed.ok) valid.push(parsed.item);
      else details.push({ index, error: parsed.errors });
    });
    if (valid.length > 0) await this.writes.submit(accountId, valid);
    return {
      success: valid.length,
      total: raw.length,
      errors: { count: details.length, details },
    };
  }

  private async write(
    tx: SqlTransaction,
    accountId: string,
    items: EventItem[],
    attempt: number,
  ): Promise<void> {
    // Three statements that need nothing from each other go out together, one round trip; the
    // database runs them in this order, so the lookup sees the identities with the lock held.
    const [, existing, workspaces] = await Promise.all([
      this.identityLock.acquire(tx, accountId, attempt === 1 ? 'shared' : 'exclusive'),
      this.identities.owners(tx, accountId, {
        leads: items.flatMap((item) => (item.lead ? leadIdentifiers(item.lead.ids) : [])),
        companies: items.flatMap((item) =>
          item.company ? companyIdentifiers(item.company.ids) : [],
        ),
      }),
      this.workspaces.ensureMany(tx, accountId, membershipWorkspaces(items)),
    ]);
    // Time-ordered ids (UUIDv7): new rows land at the end of the id indexes instead of on a
    // random page each, which keeps large accounts' writes in cache.
    await this.plans.write(tx, accountId, planBatch(items, existing, timeOrderedUuid), workspaces);
  }
}
