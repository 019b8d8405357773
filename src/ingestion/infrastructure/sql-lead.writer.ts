import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { ConnectionChange, EntityChange, MembershipChange } from '../domain/plan-batch';
import { applyBulkPatch, insertBulkRows, PatchColumn, upsertStatements } from './sql/bulk-patch';
import { CombinedWrite } from './sql/combined-write';

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

/** The SQL of the lead tables (leads, identifiers, memberships, connections), for SqlPlanWriter. */
export class SqlLeadWriter {
  /** One change per lead of the batch; those in `newIds` are created with their values. */
  async upsert(
    tx: SqlTransaction,
    write: CombinedWrite,
    accountId: string,
    changes: readonly EntityChange[],
    newIds: ReadonlySet<string>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const leads = {
      table: 'leads',
      keyColumns: ['id'],
      columns: LEAD_COLUMNS,
      rows: changes.map((change) => ({ keys: [change.id], fields: change.fields })),
    };
    // Many shapes: insert the new leads with their values, then patch the ones that existed.
    await write.addUpsertsOr(
      tx,
      upsertStatements(leads, () => write.unnest()),
      async () => {
        await insertBulkRows(tx, {
          ...leads,
          accountId,
          rows: leads.rows.filter((row) => newIds.has(row.keys[0])),
        });
        await applyBulkPatch(tx, {
          ...leads,
          accountId,
          rows: leads.rows.filter((row) => !newIds.has(row.keys[0])),
        });
      },
    );
  }

  /** `workspaceUuids` maps each change's external workspace_id to the workspace row. */
  async upsertMemberships(
    tx: SqlTransaction,
    write: CombinedWrite,
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
      keyColumns: ['workspace_id', 'lead_id'],
      columns: MEMBERSHIP_COLUMNS,
    };
    const statements = upsertStatements({ ...membership, rows }, () => write.unnest());
    // Many shapes: insert the new memberships with their values, then patch the others.
    await write.addUpsertsOr(tx, statements, async () => {
      const inserted = await insertBulkRows(tx, {
        ...membership,
        accountId,
        rows,
        onConflictDoNothing: true,
      });
      const created = new Set(inserted.map((keys) => keys.join(':')));
      await applyBulkPatch(tx, {
        ...membership,
        accountId,
        rows: rows.filter((row) => !created.has(row.keys.join(':'))),
      });
    });
  }

  /** Last write wins per (sender, lead). */
  upsertConnections(write: CombinedWrite, changes: readonly ConnectionChange[]): void {
    if (changes.length === 0) return;
    const params = write.unnest();
    const sender = params.column(
      'sender',
      'text',
      changes.map((c) => c.sender),
    );
    const lead = params.column(
      'lead_id',
      'uuid',
      changes.map((c) => c.leadId),
    );
    const level = params.column(
      'level',
      'smallint',
      changes.map((c) => c.level),
    );
    write.add(
      `INSERT INTO lead_connections AS t (account_id, sender, lead_id, level)
       SELECT $1, ${sender}, ${lead}, ${level} FROM ${params.from}
       ON CONFLICT (account_id, sender, lead_id)
       DO UPDATE SET level = EXCLUDED.level, updated_at = now()`,
    );
  }
}
