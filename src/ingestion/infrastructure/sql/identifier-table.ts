import { CompanyIdentifierField, LeadIdentifierField } from '../../domain/event-fields';
import { Identifier, IdentifierClaim } from '../../domain/identity-resolver';
import { CombinedWrite } from './combined-write';
import { UnnestParams } from './unnest-params';

/** The `<entity>_identifiers` table of leads or companies: (account_id, kind, value) -> owner. */
export class IdentifierTable<K extends string> {
  constructor(
    readonly table: string,
    private readonly ownerColumn: string,
  ) {}

  /**
   * A SELECT of `(kind, value, owner)` for the identifiers that have an owner; `$1` is the account.
   * The lateral subquery (kept apart by its LIMIT) makes the plan one primary-key probe per
   * identifier whatever the table statistics say: a join the planner may choose would read every
   * identifier of the account when the statistics underestimate it (a fresh table, a new
   * account), making small batches cost O(account).
   */
  ownersQuery(params: UnnestParams, identifiers: readonly Identifier<K>[]): string {
    const kind = params.column(
      'kind',
      'text',
      identifiers.map((id) => id.kind),
    );
    const value = params.column(
      'value',
      'text',
      identifiers.map((id) => id.value),
    );
    return `SELECT ${kind} AS kind, ${value} AS value, o.owner
              FROM ${params.from}
              CROSS JOIN LATERAL (
                SELECT ${this.ownerColumn} AS owner FROM ${this.table} AS i
                 WHERE i.account_id = $1 AND i.kind = ${kind} AND i.value = ${value}
                 LIMIT 1) AS o`;
  }

  /**
   * Adds the INSERT attaching the identifiers to `write`. A conflicting one (a concurrent claim)
   * is skipped, and the write then throws IdentityTakenConcurrently so the batch re-runs.
   */
  attach(write: CombinedWrite, claims: readonly IdentifierClaim<K>[]): void {
    if (claims.length === 0) return;
    const params = write.unnest();
    const kind = params.column(
      'kind',
      'text',
      claims.map((claim) => claim.kind),
    );
    const value = params.column(
      'value',
      'text',
      claims.map((claim) => claim.value),
    );
    const owner = params.column(
      'owner',
      'uuid',
      claims.map((claim) => claim.entityId),
    );
    write.addClaim(
      `INSERT INTO ${this.table} (account_id, kind, value, ${this.ownerColumn})
       SELECT $1, ${kind}, ${value}, ${owner} FROM ${params.from}
       ON CONFLICT (account_id, kind, value) DO NOTHING`,
      claims.length,
    );
  }
}

export const LEAD_IDENTIFIERS = new IdentifierTable<LeadIdentifierField>(
  'lead_identifiers',
  'lead_id',
);
export const COMPANY_IDENTIFIERS = new IdentifierTable<CompanyIdentifierField>(
  'company_identifiers',
  'company_id',
);
