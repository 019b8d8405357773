import {
  COMPANY_IDENTIFIER_FIELDS,
  CompanyIdentifierField,
  ConnectionLevel,
  LEAD_IDENTIFIER_FIELDS,
  LeadIdentifierField,
} from './event-fields';
import { Identifier, IdentifierClaim, IdentityResolver } from './identity-resolver';
import { CompanyIds, EventItem, LeadIds } from './parse-event-item';
import { foldNormalized, NormalizedValue, PatchFold } from './patch-fold';

export type LeadIdentifier = Identifier<LeadIdentifierField>;
export type CompanyIdentifier = Identifier<CompanyIdentifierField>;
type Value = string | number | string[];

/** Final field values for one entity; a field absent from the map is left untouched. */
export interface EntityChange {
  id: string;
  fields: ReadonlyMap<string, Value | null>;
}

export interface CompanyChange extends EntityChange {
  normalizedName?: NormalizedValue;
  normalizedIndustry?: NormalizedValue;
}

export interface MembershipChange {
  leadId: string;
  workspaceId: string;
  fields: ReadonlyMap<string, Value | null>;
}

export interface ConnectionChange {
  leadId: string;
  sender: string;
  level: ConnectionLevel;
}

/** Everything one batch writes; each list is sorted by primary key (consistent lock order). */
export interface BatchPlan {
  newCompanyIds: string[];
  companyClaims: IdentifierClaim<CompanyIdentifierField>[];
  companies: CompanyChange[];
  newLeadIds: string[];
  leadClaims: IdentifierClaim<LeadIdentifierField>[];
  leads: EntityChange[];
  memberships: MembershipChange[];
  connections: ConnectionChange[];
}

const LEAD_ID_KEYS: Record<LeadIdentifierField, keyof LeadIds> = {
  unified_lead_id: 'unifiedLeadId',
  lead_email: 'email',
  lead_linkedin_url: 'linkedinUrl',
  lead_sales_navigator_url: 'salesNavigatorUrl',
  lead_linkedin_id: 'linkedinId',
};

const COMPANY_ID_KEYS: Record<CompanyIdentifierField, keyof CompanyIds> = {
  unified_company_id: 'unifiedCompanyId',
  company_domain: 'domain',
  company_linkedin_url: 'linkedinUrl',
};

/** The lead's identifiers in matching priority order (SPEC 4.1). */
export function leadIdentifiers(ids: LeadIds): LeadIdentifier[] {
  return LEAD_IDENTIFIER_FIELDS.flatMap((kind) => {
    const value = ids[LEAD_ID_KEYS[kind]];
    return value === undefined ? [] : [{ kind, value }];
  });
}

/** The workspaces the batch's memberships name (an item with a lead and a workspace_id has one). */
export function membershipWorkspaces(items: readonly EventItem[]): string[] {
  const ids = new Set<string>();
  for (const item of items) if (item.lead && item.workspace) ids.add(item.workspace.workspaceId);
  return [...ids];
}

/** The company's identifiers in matching priority order (SPEC 4.1). */
export function companyIdentifiers(ids: CompanyIds): CompanyIdentifier[] {
  return COMPANY_IDENTIFIER_FIELDS.flatMap((kind) => {
    const value = ids[COMPANY_ID_KEYS[kind]];
    return value === undefined ? [] : [{ kind, value }];
  });
}

export interface ExistingIdentities {
  leads: Iterable<IdentifierClaim<LeadIdentifierField>>;
  companies: Iterable<IdentifierClaim<CompanyIdentifierField>>;
}

/** Folded separately (see foldNormalized), not as plain fields. */
const NORMALIZED_FIELDS: ReadonlySet<string> = new Set([
  'company_normalized_name',
  'company_normalized_industry',
]);

const byId = <T extends { id: string }>(a: T, b: T) => compare(a.id, b.id);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byIdentifier = (a: Identifier, b: Identifier) =>
  compare(a.kind, b.kind) || compare(a.value, b.value);

/**
 * Decides, in memory and in array order, which lead/company every item addresses and folds the
 * items' updates into one change per row. Pure: the caller supplies the identifiers the database
 * already holds and the id generator.
 */
export function planBatch(
  items: readonly EventItem[],
  existing: ExistingIdentities,
  newId: () => string,
): BatchPlan {
  const leadResolver = new IdentityResolver(existing.leads, newId);
  const companyResolver = new IdentityResolver(existing.companies, newId);
  const leads = new PatchFold<Value>();
  const companies = new PatchFold<Value>();
  const normalized = new Map<
    string,
    Pick<CompanyChange, 'normalizedName' | 'normalizedIndustry'>
  >();
  const membershipKeys = new Map<string, { leadId: string; workspaceId: string }>();
  const memberships = new PatchFold<Value>();
  const connections = new Map<string, ConnectionChange>();

  for (const item of items) {
    let companyId: string | undefined;
    if (item.company) {
      const { entityId, owned } = companyResolver.resolve(companyIdentifiers(item.company.ids));
      companyId = entityId;
      const { attributes, derived } = item.company;
      companies.add(entityId, attributes, NORMALIZED_FIELDS);
      for (const id of owned) companies.set(entityId, id.kind, id.value);
      const state = normalized.get(entityId) ?? {};
      if (attributes.company_normalized_name !== undefined) {
        state.normalizedName = foldNormalized(state.normalizedName, {
          value: attributes.company_normalized_name,
          derived: derived.includes('company_normalized_name'),
        });
      }
      if (attributes.company_normalized_industry !== undefined) {
        state.normalizedIndustry = foldNormalized(state.normalizedIndustry, {
          value: attributes.company_normalized_industry,
          derived: derived.includes('company_normalized_industry'),
        });
      }
      normalized.set(entityId, state);
    }
    if (!item.lead) continue;
    const { entityId: leadId, owned } = leadResolver.resolve(leadIdentifiers(item.lead.ids));
    // The display columns hold the value of each identifier kind most recently sent.
    leads.add(leadId, item.lead.attributes);
    for (const id of owned) leads.set(leadId, id.kind, id.value);
    leads.set(leadId, 'platform', item.platform);
    leads.set(leadId, 'company_id', companyId);
    if (item.workspace) {
      const { workspaceId, attributes } = item.workspace;
      const key = `${leadId}\u0000${workspaceId}`;
      membershipKeys.set(key, { leadId, workspaceId });
      memberships.add(key, attributes);
    }
    if (item.connection) {
      const { sender, level } = item.connection;
      connections.set(`${sender}\u0000${leadId}`, { leadId, sender, level });
    }
  }

  return {
    newCompanyIds: [...companyResolver.newEntityIds].sort(compare),
    companyClaims: [...companyResolver.claims].sort(byIdentifier),
    companies: companies
      .entries()
      .map(([id, fields]) => ({ id, fields, ...normalized.get(id) }))
      .sort(byId),
    newLeadIds: [...leadResolver.newEntityIds].sort(compare),
    leadClaims: [...leadResolver.claims].sort(byIdentifier),
    leads: leads
      .entries()
      .map(([id, fields]) => ({ id, fields }))
      .sort(byId),
    memberships: memberships
      .entries()
      .map(([key, fields]) => ({ ...membershipKeys.get(key)!, fields }))
      .sort((a, b) => compare(a.workspaceId, b.workspaceId) || compare(a.leadId, b.leadId)),
    connections: [...connections.values()].sort(
      (a, b) => compare(a.sender, b.sender) || compare(a.leadId, b.leadId),
    ),
  };
}
