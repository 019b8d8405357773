import { SqlTransaction } from '../../shared/domain/sql-transaction';

export abstract class WorkspaceRepository {
  /**
   * Resolves the account's workspaces by their external workspace_id, creating the missing ones
   * (workspaces are created on first use). One or two statements whatever the number of ids;
   * safe against concurrent creation of the same workspace. Returns workspace_id -> internal uuid.
   */
  abstract ensureMany(
    tx: SqlTransaction,
    accountId: string,
    workspaceIds: readonly string[],
  ): Promise<Map<string, string>>;
}
