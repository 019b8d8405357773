import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { WriteCoalescer } from '../../shared/application/write-coalescer';
import { FieldError } from '../../shared/domain/field';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { WorkspaceRepository } from '../../workspace/domain/workspace.repository';
import { EventItem, parseEventItem } from '../domain/parse-event-item';
import { companyIdentifiers, leadIdentifiers, planBatch } from '../domain/plan-batch';
import {
  CompanyWriter,
  IdentityLock,
  IdentityTakenConcurrently,
  LeadWriter,
  TransactionRunner,
} from '../domain/ports';

const COALESCED_ITEMS = 1_000;
const CONCURRENT_WRITES_PER_ACCOUNT = 4;

export interface IngestionSummary {
  success: number;
  total: number;
  errors: { count: number; details: { index: number; error: FieldError[] }[] };
}

/**
 * `POST /v1/events`: validates every item, then writes all valid ones in one transaction with a
 * fixed number of set-based statements (resolve identities, bulk insert, bulk patch).
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
    private readonly companies: CompanyWriter,
    private readonly leads: LeadWriter,
    private readonly workspaces: WorkspaceRepository,
    private readonly identityLock: IdentityLock,
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
    await this.identityLock.acquire(tx, accountId, attempt === 1 ? 'shared' : 'exclusive');
    const existing = {
      companies: await this.companies.resolveByIdentifiers(
        tx,
        accountId,
        items.flatMap((item) => (item.company ? companyIdentifiers(item.company.ids) : [])),
      ),
      leads: await this.leads.resolveByIdentifiers(
        tx,
        accountId,
        items.flatMap((item) => (item.lead ? leadIdentifiers(item.lead.ids) : [])),
      ),
    };
    const plan = planBatch(items, existing, randomUUID);

    // Rows first, then their identifiers (foreign keys); a lost identifier race re-runs the batch.
    await this.companies.upsert(tx, accountId, plan.companies, new Set(plan.newCompanyIds));
    const companyClaims = await this.companies.attachIdentifiers(tx, accountId, plan.companyClaims);
    if (companyClaims < plan.companyClaims.length) throw new IdentityTakenConcurrently();

    await this.leads.upsert(tx, accountId, plan.leads, new Set(plan.newLeadIds));
    const leadClaims = await this.leads.attachIdentifiers(tx, accountId, plan.leadClaims);
    if (leadClaims < plan.leadClaims.length) throw new IdentityTakenConcurrently();

    const workspaceIds = plan.memberships.map((membership) => membership.workspaceId);
    const workspaces = await this.workspaces.ensureMany(tx, accountId, workspaceIds);
    await this.leads.upsertMemberships(tx, accountId, plan.memberships, workspaces);
    await this.leads.upsertConnections(tx, accountId, plan.connections);
  }
}
