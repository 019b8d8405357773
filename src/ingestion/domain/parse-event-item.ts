import {
  FieldError,
  FieldRead,
  ItemParseResult,
  Patch,
  RawObject,
  isJsonObject,
  isSent,
  missingError,
  ownField,
  patchValue,
  readIdentifier,
  readNonNegativeInteger,
  readString,
  readStringList,
  readTextPatch,
  typeError,
  valueError,
} from '../../shared/domain/field';
import {
  normalizeCompanyDomain,
  normalizeCompanyLinkedinUrl,
  normalizeCompanyName,
  normalizeEmail,
  normalizeIndustry,
  normalizeLinkedinProfileUrl,
  normalizeSalesNavigatorUrl,
  normalizeUnifiedId,
} from '../../shared/domain/identifiers';
import {
  COMPANY_IDENTIFIER_FIELDS,
  COMPANY_TEXT_ATTRIBUTE_FIELDS,
  CompanyAttributes,
  ConnectionLevel,
  EVENT_FIELD_MAX_LENGTHS as MAX,
  LEAD_ATTRIBUTE_FIELDS,
  LEAD_IDENTIFIER_FIELDS,
  LeadAttributes,
  MAX_EMPLOYEE_COUNT,
  TAG_LIMITS,
  UPDATE_ATTRIBUTES_EVENT,
  WORKSPACE_LIST_FIELDS,
  WORKSPACE_TEXT_ATTRIBUTE_FIELDS,
  WorkspaceAttributes,
  WorkspaceTextAttributeField,
} from './event-fields';

/** Canonical identifiers, as produced by the shared normalisers; at least one is set. */
export interface LeadIds {
  unifiedLeadId?: string;
  email?: string;
  linkedinUrl?: string;
  salesNavigatorUrl?: string;
  linkedinId?: string;
}

export interface CompanyIds {
  unifiedCompanyId?: string;
  domain?: string;
  linkedinUrl?: string;
}

export type DerivedCompanyField = 'company_normalized_name' | 'company_normalized_industry';

export interface EventItem {
  platform?: string | null;
  lead?: { ids: LeadIds; attributes: Patch<LeadAttributes> };
  company?: {
    ids: CompanyIds;
    attributes: Patch<CompanyAttributes>;
    /** Patch keys computed from company_name/company_industry rather than sent as overrides. */
    derived: DerivedCompanyField[];
  };
  /** Present whenever workspace_id was sent; an empty patch still records the membership. */
  workspace?: { workspaceId: string; attributes: Patch<WorkspaceAttributes> };
  connection?: { sender: string; level: ConnectionLevel };
}

const PROFILE_URL_HINT = 'expected https://www.linkedin.com/in/<slug>';
const LEAD_IDS = `a lead identifier (${LEAD_IDENTIFIER_FIELDS.join(', ')})`;
const COMPANY_IDS = `a company identifier (${COMPANY_IDENTIFIER_FIELDS.join(', ')})`;
export const MISSING_IDENTIFIER_MESSAGE = `at least one lead identifier (${LEAD_IDENTIFIER_FIELDS.join(', ')}) or company identifier (${COMPANY_IDENTIFIER_FIELDS.join(', ')}) is required`;
export const MISSING_WORKSPACE_ID_MESSAGE = `workspace_id is required if any of ${WORKSPACE_LIST_FIELDS.join(', ')} is present`;
const MISSING_WORKSPACE_ID_FOR_TAGS = 'workspace_id is required if tags or lead_status is present';

/**
 * Validates and normalises one element of a `POST /v1/events` body, reporting every problem.
 *
 * Presence for the dependency rules: "" and whitespace count as not sent; `null` counts as sent
 * (clearing a workspace attribute still needs workspace_id); a rejected value counts as sent so
 * that a malformed identifier is reported once, not also as "no identifier". Identifiers,
 * workspace_id, sender and linkedin_connection_level sent as null count as not sent: an identity
 * or a connection cannot be cleared through ingestion. Unknown fields are ignored.
 */
export function parseEventItem(raw: unknown): ItemParseResult<EventItem> {
  if (!isJsonObject(raw)) return { ok: false, errors: [typeError('item must be a JSON object')] };
  const errors: FieldError[] = [];
  checkEvent(raw, errors);
  const fields: EventFields = {
    platform: readString(raw, 'platform', MAX.platform, errors),
    leadIds: readIds(raw, LEAD_ID_RULES, errors),
    companyIds: readIds(raw, COMPANY_ID_RULES, errors),
    lead: readTextPatch(raw, LEAD_ATTRIBUTE_FIELDS, MAX, errors),
    company: readCompanyAttributes(raw, errors),
    workspaceId: readId(raw, WORKSPACE_ID_RULE, errors),
    workspace: readTextPatch(raw, WORKSPACE_TEXT_ATTRIBUTE_FIELDS, MAX, errors),
    tags: readStringList(raw, 'tags', TAG_LIMITS, errors),
    sender: readId(raw, SENDER_RULE, errors),
    level: readConnectionLevel(raw, errors),
  };
  checkDependencies(fields, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, item: toEventItem(fields) };
}

interface EventFields {
  platform: FieldRead<string>;
  leadIds: { sent: boolean; ids: LeadIds };
  companyIds: { sent: boolean; ids: CompanyIds };
  lead: { patch: Patch<LeadAttributes>; sent: string[] };
  company: { patch: Patch<CompanyAttributes>; sent: string[]; derived: DerivedCompanyField[] };
  workspaceId: FieldRead<string>;
  workspace: { patch: Patch<WorkspaceAttributes>; sent: WorkspaceTextAttributeField[] };
  tags: FieldRead<string[]>;
  sender: FieldRead<string>;
  level: FieldRead<ConnectionLevel>;
}

function checkDependencies(f: EventFields, errors: FieldError[]): void {
  const hasLeadId = f.leadIds.sent;
  if (!hasLeadId && !f.companyIds.sent) errors.push(missingError(MISSING_IDENTIFIER_MESSAGE));
  if (f.lead.sent.length > 0 && !hasLeadId) errors.push(requires(f.lead.sent, LEAD_IDS));
  if (f.company.sent.length > 0 && !f.companyIds.sent) {
    errors.push(requires(f.company.sent, COMPANY_IDS));
  }

  const workspaceAttributes = [...f.workspace.sent, ...(isSent(f.tags) ? ['tags'] : [])];
  if (!isSent(f.workspaceId)) {
    const listed = WORKSPACE_LIST_FIELDS.some((field) => f.workspace.sent.includes(field));
    if (listed) errors.push(valueError(MISSING_WORKSPACE_ID_MESSAGE));
    else if (workspaceAttributes.length > 0) errors.push(valueError(MISSING_WORKSPACE_ID_FOR_TAGS));
  }
  const workspaceFields = [
    ...(isSent(f.workspaceId) ? ['workspace_id'] : []),
    ...workspaceAttributes,
  ];
  if (workspaceFields.length > 0 && !hasLeadId) errors.push(requires(workspaceFields, LEAD_IDS));

  if (isSent(f.level) && !isSent(f.sender)) {
    errors.push(valueError('sender is required when linkedin_connection_level is present'));
  }
  if (isSent(f.sender) && !isSent(f.level)) {
    errors.push(valueError('linkedin_connection_level is required when sender is present'));
  }
  const connectionFields = [
    ...(isSent(f.sender) ? ['sender'] : []),
    ...(isSent(f.level) ? ['linkedin_connection_level'] : []),
  ];
  if (connectionFields.length > 0 && !hasLeadId) errors.push(requires(connectionFields, LEAD_IDS));
}

/** Only called without errors, so every sent identity field holds a value. */
function toEventItem(f: EventFields): EventItem {
  const item: EventItem = {};
  const platform = patchValue(f.platform);
  if (platform !== undefined) item.platform = platform;
  if (f.leadIds.sent) item.lead = { ids: f.leadIds.ids, attributes: f.lead.patch };
  if (f.companyIds.sent) {
    item.company = {
      ids: f.companyIds.ids,
      attributes: f.company.patch,
      derived: f.company.derived,
    };
  }
  if (f.workspaceId.kind === 'value') {
    const attributes = f.workspace.patch;
    const tags = patchValue(f.tags);
    if (tags !== undefined) attributes.tags = tags;
    item.workspace = { workspaceId: f.workspaceId.value, attributes };
  }
  if (f.sender.kind === 'value' && f.level.kind === 'value') {
    item.connection = { sender: f.sender.value, level: f.level.value };
  }
  return item;
}

function checkEvent(raw: RawObject, errors: FieldError[]): void {
  const event = ownField(raw, 'event');
  const text = typeof event === 'string' ? event.trim() : event;
  if (text === undefined || text === null || text === '') {
    errors.push(missingError('event is required'));
  } else if (text !== UPDATE_ATTRIBUTES_EVENT) {
    errors.push(valueError(`event must be '${UPDATE_ATTRIBUTES_EVENT}'`));
  }
}

function requires(fields: readonly string[], what: string): FieldError {
  return valueError(`${fields.join(', ')} ${fields.length === 1 ? 'requires' : 'require'} ${what}`);
}

interface IdentifierRule {
  field: keyof typeof MAX;
  normalize: (text: string) => string | null;
  invalidMessage: (text: string) => string;
}

const mustNotBeEmpty = (field: string) => () => `${field} must not be empty`;

const LEAD_ID_RULES: Record<keyof LeadIds, IdentifierRule> = {
  unifiedLeadId: {
    field: 'unified_lead_id',
    normalize: normalizeUnifiedId,
    invalidMessage: mustNotBeEmpty('unified_lead_id'),
  },
  email: {
    field: 'lead_email',
    normalize: normalizeEmail,
    invalidMessage: () => 'lead_email is not a valid email address',
  },
  linkedinUrl: {
    field: 'lead_linkedin_url',
    normalize: normalizeLinkedinProfileUrl,
    invalidMessage: (text) =>
      normalizeSalesNavigatorUrl(text) !== null
        ? 'lead_linkedin_url is a Sales Navigator URL: send it as lead_sales_navigator_url'
        : `lead_linkedin_url is not a LinkedIn profile URL (${PROFILE_URL_HINT})`,
  },
  salesNavigatorUrl: {
    field: 'lead_sales_navigator_url',
    normalize: normalizeSalesNavigatorUrl,
    invalidMessage: (text) =>
      normalizeLinkedinProfileUrl(text) !== null
        ? 'lead_sales_navigator_url is a LinkedIn profile URL: send it as lead_linkedin_url'
        : 'lead_sales_navigator_url is not a Sales Navigator lead URL (expected https://www.linkedin.com/sales/lead/<id>,... or https://www.linkedin.com/sales/people/<id>,...)',
  },
  linkedinId: {
    field: 'lead_linkedin_id',
    normalize: normalizeUnifiedId,
    invalidMessage: mustNotBeEmpty('lead_linkedin_id'),
  },
};

const COMPANY_ID_RULES: Record<keyof CompanyIds, IdentifierRule> = {
  unifiedCompanyId: {
    field: 'unified_company_id',
    normalize: normalizeUnifiedId,
    invalidMessage: mustNotBeEmpty('unified_company_id'),
  },
  domain: {
    field: 'company_domain',
    normalize: normalizeCompanyDomain,
    invalidMessage: () => 'company_domain is not a valid domain name (expected e.g. acme.com)',
  },
  linkedinUrl: {
    field: 'company_linkedin_url',
    normalize: normalizeCompanyLinkedinUrl,
    invalidMessage: () =>
      'company_linkedin_url is not a LinkedIn company URL (expected https://www.linkedin.com/company/<slug>)',
  },
};

const WORKSPACE_ID_RULE: IdentifierRule = {
  field: 'workspace_id',
  normalize: normalizeUnifiedId,
  invalidMessage: mustNotBeEmpty('workspace_id'),
};

const SENDER_RULE: IdentifierRule = {
  field: 'sender',
  normalize: normalizeLinkedinProfileUrl,
  invalidMessage: () => `sender is not a LinkedIn profile URL (${PROFILE_URL_HINT})`,
};

function readId(raw: RawObject, rule: IdentifierRule, errors: FieldError[]): FieldRead<string> {
  return readIdentifier(
    raw,
    rule.field,
    MAX[rule.field],
    rule.normalize,
    rule.invalidMessage,
    errors,
  );
}

/** `sent`: any identifier of the group was sent, valid or not; `ids`: the valid canonical ones. */
function readIds<K extends string>(
  raw: RawObject,
  rules: Record<K, IdentifierRule>,
  errors: FieldError[],
): { sent: boolean; ids: Partial<Record<K, string>> } {
  const ids: Partial<Record<K, string>> = {};
  let sent = false;
  for (const key of Object.keys(rules) as K[]) {
    const read = readId(raw, rules[key], errors);
    sent ||= isSent(read);
    if (read.kind === 'value') ids[key] = read.value;
  }
  return { sent, ids };
}

function readCompanyAttributes(raw: RawObject, errors: FieldError[]) {
  const { patch, sent } = readTextPatch(raw, COMPANY_TEXT_ATTRIBUTE_FIELDS, MAX, errors);
  const attributes: Patch<CompanyAttributes> = patch;
  const employeeCount = readNonNegativeInteger(
    raw,
    'company_employee_count',
    MAX_EMPLOYEE_COUNT,
    errors,
  );
  const count = patchValue(employeeCount);
  if (count !== undefined) attributes.company_employee_count = count;
  const derived: DerivedCompanyField[] = [];
  derive(attributes, 'company_name', 'company_normalized_name', normalizeCompanyName, derived);
  derive(attributes, 'company_industry', 'company_normalized_industry', normalizeIndustry, derived);
  const sentFields: string[] = isSent(employeeCount) ? [...sent, 'company_employee_count'] : sent;
  return { patch: attributes, sent: sentFields, derived };
}

/** An override (value or null) wins; otherwise the normalised form follows its source, clears included. */
function derive(
  attributes: Patch<CompanyAttributes>,
  source: 'company_name' | 'company_industry',
  target: DerivedCompanyField,
  normalize: (text: string) => string | null,
  derived: DerivedCompanyField[],
): void {
  const sourceValue = attributes[source];
  if (attributes[target] !== undefined || sourceValue === undefined) return;
  attributes[target] = sourceValue === null ? null : normalize(sourceValue);
  derived.push(target);
}

const LEVEL_MESSAGE =
  "linkedin_connection_level must be 1, 2 or 3 (a number or the string '1', '2' or '3')";

function readConnectionLevel(raw: RawObject, errors: FieldError[]): FieldRead<ConnectionLevel> {
  const value = ownField(raw, 'linkedin_connection_level');
  if (value === undefined || value === null) return { kind: 'absent' };
  if (typeof value !== 'number' && typeof value !== 'string') {
    errors.push(typeError(LEVEL_MESSAGE));
    return { kind: 'invalid' };
  }
  const text = String(value).trim();
  if (text === '') return { kind: 'absent' };
  if (text === '1' || text === '2' || text === '3') {
    return { kind: 'value', value: Number(text) as ConnectionLevel };
  }
  errors.push(valueError(LEVEL_MESSAGE));
  return { kind: 'invalid' };
}
