import { Injectable } from '@nestjs/common';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { LeadIdentifierField } from '../domain/event-fields';
import { IdentifierClaim } from '../domain/identity-resolver';
import {
  ConnectionChange,
  EntityChange,
  LeadIdentifier,
  MembershipChange,
} from '../domain/plan-batch';
import { LeadWriter } from '../domain/ports';
import { applyBulkPatch, insertBulkRows, PatchColumn, upsertBulkRows } from './sql/bulk-patch';
import { IdentifierTable } from './sql/identifier-table';

const LEAD_COLUMNS: PatchColumn[] = [
  { field: 'unified_lead_id', column: 'unified_lead_id', type: 'text' },
  { field: 'lead_email', column: 'email', type: 'text' },
  { field: 'lead_linkedin_url', column: 'linkedin_url', type: 'text' },
  { field: 'lead_sales_navigator_url', column: 'sales_navigator_url', type: 'text' },
  { field: 'lead_linkedin_id', column: 'linkedin_id', type: 'text' },
  { field: 'lead_first_name', column: 'first_name', type: 'text' },
  { field: 'lead_last_name', column: 'last_name', type: 'text' },
  { field: 'lead_full_name', column: 'full_name', type: 'text' },
  { field: 'lead_country', column: 'country', type: 'text' },
  { field: 'lead_job_title', column: 'job_title', type: 'text' },
  { field: 'lead_seniority', column: 'seniority', type: 'text' },
  { field: 'lead_function', column: 'job_function', type: 'text' },
  { field: 'lead_linkedin_headline', column: 'linkedin_headline', type: 'text' },
  { field: 'lead_reporting_location', column: 'reporting_location', type: 'text' },
  { field: 'platform', column: 'platform', type: 'text' },
  { field: 'company_id', column: 'company_id', type: 'uuid' },
];

const MEMBERSHIP_COLUMNS: PatchColumn[] = [
  { field: 'import_name', column: 'import_name', type: 'text' },
  { field: 'list_source', column: 'list_source', type: 'text' },
  { field: 'exclusion_reason', column: 'exclusion_reason', type: 'text' },
  { field: 'icp', column: 'icp', type: 'text' },
  { field: 'lead_status', column: 'lead_status', type: 'text' },
  { field: 'tags', column: 'tags', type: 'json-text-array' },
];

@Injectable()
export class SqlLeadWriter extends LeadWriter {
  private readonly identifiers = new IdentifierTable<LeadIdentifierField>(
    'lead_identifiers',
    'lead_id',
  );

  resolveByIdentifiers(
    tx: SqlTransaction,
    accountId: string,
    identifiers: readonly LeadIdentifier[],
  ): Promise<IdentifierClaim<LeadIdentifierField>[]> {
    return this.identifiers.owners(tx, accountId, identifiers);
  }

  async upsert(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly EntityChange[],
    newIds: ReadonlySet<string>,
  ): Promise<void> {
    const leads = {
      table: 'leads',
      accountId,
      keyColumns: ['id'],
      columns: LEAD_COLUMNS,
      rows: changes.map((change) => ({ keys: [change.id], fields: change.fields })),
    };
    if (await upsertBulkRows(tx, leads)) return;
    // Many shapes: insert the new leads with their values, then patch the ones that existed.
    await insertBulkRows(tx, {
      ...leads,
      rows: leads.rows.filter((row) => newIds.has(row.keys[0])),
    });
    await applyBulkPatch(tx, {
      ...leads,
      rows: leads.rows.filter((row) => !newIds.has(row.keys[0])),
    });
  }

  attachIdentifiers(
    tx: SqlTransaction,
    accountId: string,
    claims: readonly IdentifierClaim<LeadIdentifierField>[],
  ): Promise<number> {
    return this.identifiers.attach(tx, accountId, claims);
  }

  async upsertMemberships(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly MembershipChange[],
    workspaceUuids: ReadonlyMap<string, string>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const rows = changes.map((change) => {
      const workspace = workspaceUuids.get(change.workspaceId);
      if (!workspace) throw new Error(`workspace ${change.workspaceId} was not resolved`);
      return { keys: [workspace, change.leadId], fields: change.fields };
    });
    const membership = {
      table: 'lead_workspaces',
      accountId,
      keyColumns: ['workspace_id', 'lead_id'],
    };
    if (await upsertBulkRows(tx, { ...membership, columns: MEMBERSHIP_COLUMNS, rows })) return;
    // Many shapes: insert the new memberships with their values, then patch the others.
    const inserted = await insertBulkRows(tx, {
      ...membership,
      columns: MEMBERSHIP_COLUMNS,
      rows,
      onConflictDoNothing: true,
    });
    const created = new Set(inserted.map((keys) => keys.join(':')));
    await applyBulkPatch(tx, {
      ...membership,
      columns: MEMBERSHIP_COLUMNS,
      rows: rows.filter((row) => !created.has(row.keys.join(':'))),
    });
  }

  async upsertConnections(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly ConnectionChange[],
  ): Promise<void> {
    if (changes.length === 0) return;
    await tx.query(
      `INSERT INTO lead_connections (account_id, sender, lead_id, level)
       SELECT $1, sender, lead_id, level
         FROM unnest($2::text[], $3::uuid[], $4::smallint[]) AS s(sender, lead_id, level)
       ON CONFLICT (account_id, sender, lead_id)
       DO UPDATE SET level = EXCLUDED.level, updated_at = now()`,
      [
        accountId,
        changes.map((c) => c.sender),
        changes.map((c) => c.leadId),
        changes.map((c) => c.level),
      ],
    );
  }
}
