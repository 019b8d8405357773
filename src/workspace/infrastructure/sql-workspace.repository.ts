import { Injectable } from '@nestjs/common';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { WorkspaceRepository } from '../domain/workspace.repository';

interface WorkspaceRow {
  id: string;
  workspace_id: string;
}

@Injectable()
export class SqlWorkspaceRepository extends WorkspaceRepository {
  async ensureMany(
    tx: SqlTransaction,
    accountId: string,
    workspaceIds: readonly string[],
  ): Promise<Map<string, string>> {
    const wanted = [...new Set(workspaceIds)].sort();
    if (wanted.length === 0) return new Map();
    const rows = await tx.query<WorkspaceRow[]>(
      `WITH wanted AS (SELECT unnest($2::text[]) AS workspace_id),
            created AS (
              INSERT INTO workspaces (account_id, id, workspace_id)
              SELECT $1, gen_random_uuid(), workspace_id FROM wanted ORDER BY workspace_id
              ON CONFLICT (account_id, workspace_id) DO NOTHING
              RETURNING id, workspace_id)
       SELECT id, workspace_id FROM created
       UNION ALL
       SELECT w.id, w.workspace_id FROM workspaces w JOIN wanted USING (workspace_id)
        WHERE w.account_id = $1`,
      [accountId, wanted],
    );
    const found = new Map(rows.map((row) => [row.workspace_id, row.id]));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) {
      // Created by a transaction that committed after this statement's snapshot was taken.
      const late = await tx.query<WorkspaceRow[]>(
        `SELECT id, workspace_id FROM workspaces WHERE account_id = $1 AND workspace_id = ANY($2::text[])`,
        [accountId, missing],
      );
      for (const row of late) found.set(row.workspace_id, row.id);
    }
    return found;
  }
}
