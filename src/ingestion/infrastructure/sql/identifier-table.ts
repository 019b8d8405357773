import { SqlTransaction } from '../../../shared/domain/sql-transaction';
import { Identifier, IdentifierClaim } from '../../domain/identity-resolver';

interface ClaimRow {
  kind: string;
  value: string;
  owner: string;
}

/** The `<entity>_identifiers` table of leads or companies: (account_id, kind, value) -> owner. */
export class IdentifierTable<K extends string> {
  constructor(
    private readonly table: string,
    private readonly ownerColumn: string,
  ) {}

  /**
   * Who owns each of the identifiers, in one statement. The lateral subquery (kept apart by its
   * LIMIT) makes the plan one primary-key probe per identifier whatever the table statistics say:
   * a join the planner may choose would read every identifier of the account when the statistics
   * underestimate it (a fresh table, a new account), making small batches cost O(account).
   */
  async owners(
    tx: SqlTransaction,
    accountId: string,
    identifiers: readonly Identifier<K>[],
  ): Promise<IdentifierClaim<K>[]> {
    if (identifiers.length === 0) return [];
    const rows = await tx.query<ClaimRow[]>(
      `SELECT s.kind, s.value, o.owner
         FROM unnest($2::text[], $3::text[]) AS s(kind, value)
         CROSS JOIN LATERAL (
           SELECT ${this.ownerColumn} AS owner FROM ${this.table} AS i
            WHERE i.account_id = $1 AND i.kind = s.kind AND i.value = s.value
            LIMIT 1) AS o`,
      [accountId, identifiers.map((id) => id.kind), identifiers.map((id) => id.value)],
    );
    return rows.map((row) => ({ kind: row.kind as K, value: row.value, entityId: row.owner }));
  }

  /**
   * Attaches the identifiers in one statement; returns how many were attached. Fewer than asked
   * means a concurrent transaction took some of them first.
   */
  async attach(
    tx: SqlTransaction,
    accountId: string,
    claims: readonly IdentifierClaim<K>[],
  ): Promise<number> {
    if (claims.length === 0) return 0;
    const rows = await tx.query<unknown[]>(
      `INSERT INTO ${this.table} (account_id, kind, value, ${this.ownerColumn})
       SELECT $1, kind, value, owner FROM unnest($2::text[], $3::text[], $4::uuid[]) AS s(kind, value, owner)
       ON CONFLICT (account_id, kind, value) DO NOTHING
       RETURNING 1`,
      [
        accountId,
        claims.map((claim) => claim.kind),
        claims.map((claim) => claim.value),
        claims.map((claim) => claim.entityId),
      ],
    );
    return rows.length;
  }
}

/** Inserts bare rows (attributes follow in the bulk patch) in one statement. */
export async function insertBareRows(
  tx: SqlTransaction,
  table: string,
  accountId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} (account_id, id) SELECT $1, id FROM unnest($2::uuid[]) AS s(id)`,
    [accountId, ids],
  );
}
