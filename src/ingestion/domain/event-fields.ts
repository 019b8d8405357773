import { MAX_LENGTH, MAX_TAGS } from '../../shared/domain/field';

/** The only event kind (SPEC 6). */
export const UPDATE_ATTRIBUTES_EVENT = 'update_attributes';

/** In the SPEC's matching priority order. */
export const LEAD_IDENTIFIER_FIELDS = [
  'unified_lead_id',
  'lead_email',
  'lead_linkedin_url',
  'lead_sales_navigator_url',
  'lead_linkedin_id',
] as const;

/** In the SPEC's matching priority order. */
export const COMPANY_IDENTIFIER_FIELDS = [
  'unified_company_id',
  'company_domain',
  'company_linkedin_url',
] as const;

export const LEAD_ATTRIBUTE_FIELDS = [
  'lead_first_name',
  'lead_last_name',
  'lead_full_name',
  'lead_country',
  'lead_job_title',
  'lead_seniority',
  'lead_function',
  'lead_linkedin_headline',
  'lead_reporting_location',
] as const;

export const COMPANY_TEXT_ATTRIBUTE_FIELDS = [
  'company_name',
  'company_country',
  'company_employee_range',
  'company_industry',
  'company_description',
  'company_normalized_name',
  'company_normalized_industry',
] as const;

export const COMPANY_ATTRIBUTE_FIELDS = [
  ...COMPANY_TEXT_ATTRIBUTE_FIELDS,
  'company_employee_count',
] as const;

/** The four fields the SPEC's workspace_id rule names, in the SPEC's order. */
export const WORKSPACE_LIST_FIELDS = [
  'import_name',
  'list_source',
  'exclusion_reason',
  'icp',
] as const;

export const WORKSPACE_TEXT_ATTRIBUTE_FIELDS = [...WORKSPACE_LIST_FIELDS, 'lead_status'] as const;

export const WORKSPACE_ATTRIBUTE_FIELDS = [...WORKSPACE_TEXT_ATTRIBUTE_FIELDS, 'tags'] as const;

export type LeadIdentifierField = (typeof LEAD_IDENTIFIER_FIELDS)[number];
export type CompanyIdentifierField = (typeof COMPANY_IDENTIFIER_FIELDS)[number];
export type LeadAttributeField = (typeof LEAD_ATTRIBUTE_FIELDS)[number];
export type CompanyTextAttributeField = (typeof COMPANY_TEXT_ATTRIBUTE_FIELDS)[number];
export type CompanyAttributeField = (typeof COMPANY_ATTRIBUTE_FIELDS)[number];
export type WorkspaceTextAttributeField = (typeof WORKSPACE_TEXT_ATTRIBUTE_FIELDS)[number];
export type WorkspaceAttributeField = (typeof WORKSPACE_ATTRIBUTE_FIELDS)[number];

export type LeadAttributes = Record<LeadAttributeField, string>;
export type CompanyAttributes = Record<CompanyTextAttributeField, string> & {
  company_employee_count: number;
};
export type WorkspaceAttributes = Record<WorkspaceTextAttributeField, string> & { tags: string[] };

/**
 * Maximum length of every string field of `POST /v1/events`, in characters after trimming.
 * Identifier limits apply to the value as sent (a company_domain may arrive as a full URL).
 */
export const EVENT_FIELD_MAX_LENGTHS = {
  platform: MAX_LENGTH.name,
  workspace_id: MAX_LENGTH.identifier,
  import_name: MAX_LENGTH.text,
  list_source: MAX_LENGTH.text,
  exclusion_reason: MAX_LENGTH.text,
  icp: MAX_LENGTH.text,
  lead_status: MAX_LENGTH.text,
  unified_lead_id: MAX_LENGTH.identifier,
  lead_email: MAX_LENGTH.email,
  lead_linkedin_url: MAX_LENGTH.url,
  lead_sales_navigator_url: MAX_LENGTH.url,
  lead_linkedin_id: MAX_LENGTH.identifier,
  lead_first_name: MAX_LENGTH.name,
  lead_last_name: MAX_LENGTH.name,
  lead_full_name: MAX_LENGTH.name,
  lead_country: MAX_LENGTH.text,
  lead_job_title: MAX_LENGTH.text,
  lead_seniority: MAX_LENGTH.text,
  lead_function: MAX_LENGTH.text,
  lead_linkedin_headline: MAX_LENGTH.text,
  lead_reporting_location: MAX_LENGTH.text,
  unified_company_id: MAX_LENGTH.identifier,
  company_domain: MAX_LENGTH.url,
  company_linkedin_url: MAX_LENGTH.url,
  company_name: MAX_LENGTH.name,
  company_country: MAX_LENGTH.text,
  company_employee_range: MAX_LENGTH.text,
  company_industry: MAX_LENGTH.text,
  company_description: MAX_LENGTH.longText,
  company_normalized_name: MAX_LENGTH.name,
  company_normalized_industry: MAX_LENGTH.text,
  sender: MAX_LENGTH.url,
} as const;

export const TAG_LIMITS = { maxItems: MAX_TAGS, maxItemLength: MAX_LENGTH.tag } as const;

/** Fits a PostgreSQL `integer` column. */
export const MAX_EMPLOYEE_COUNT = 2_147_483_647;

export const CONNECTION_LEVELS = [1, 2, 3] as const;
export type ConnectionLevel = (typeof CONNECTION_LEVELS)[number];
