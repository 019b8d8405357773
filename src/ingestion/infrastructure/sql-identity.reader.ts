import { Injectable } from '@nestjs/common';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { CompanyIdentifierField, LeadIdentifierField } from '../domain/event-fields';
import { Identifier, IdentifierClaim } from '../domain/identity-resolver';
import { CompanyIdentifier, ExistingIdentities, LeadIdentifier } from '../domain/plan-batch';
import { IdentityReader } from '../domain/ports';
import { COMPANY_IDENTIFIERS, LEAD_IDENTIFIERS } from './sql/identifier-table';
import { UnnestParams } from './sql/unnest-params';

interface OwnerRow {
  entity: 'lead' | 'company';
  kind: string;
  value: string;
  owner: string;
}

/** Each identifier once: a batch names a company once per lead, a lead once per item. */
function distinct<T extends Identifier>(identifiers: readonly T[]): T[] {
  const seen = new Set<string>();
  return identifiers.filter((id) => {
    const key = `${id.kind}\u0000${id.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Lead and company identifiers looked up in one statement. */
@Injectable()
export class SqlIdentityReader extends IdentityReader {
  async owners(
    tx: SqlTransaction,
    accountId: string,
    identifiers: { leads: readonly LeadIdentifier[]; companies: readonly CompanyIdentifier[] },
  ): Promise<ExistingIdentities> {
    const params: unknown[] = [accountId];
    identifiers = {
      leads: distinct(identifiers.leads),
      companies: distinct(identifiers.companies),
    };
    const queries = [
      ...(identifiers.leads.length > 0
        ? [
            `SELECT 'lead' AS entity, q.* FROM (${LEAD_IDENTIFIERS.ownersQuery(new UnnestParams(params), identifiers.leads)}) AS q`,
          ]
        : []),
      ...(identifiers.companies.length > 0
        ? [
            `SELECT 'company' AS entity, q.* FROM (${COMPANY_IDENTIFIERS.ownersQuery(new UnnestParams(params), identifiers.companies)}) AS q`,
          ]
        : []),
    ];
    const rows =
      queries.length > 0 ? await tx.query<OwnerRow[]>(queries.join('\nUNION ALL\n'), params) : [];
    const leads: IdentifierClaim<LeadIdentifierField>[] = [];
    const companies: IdentifierClaim<CompanyIdentifierField>[] = [];
    for (const row of rows) {
      const claim = { kind: row.kind, value: row.value, entityId: row.owner };
      if (row.entity === 'lead') leads.push(claim as IdentifierClaim<LeadIdentifierField>);
      else companies.push(claim as IdentifierClaim<CompanyIdentifierField>);
    }
    return { leads, companies };
  }
}
