import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_FIELD_MAX_LENGTHS as MAX, TAG_LIMITS } from '../domain/event-fields';

type Field = keyof typeof MAX;

const text = (field: Field, description: string, example: string) =>
  ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX[field],
    description: `${description} Max ${MAX[field]} characters. "" = not sent; null = clear.`,
    example,
  });

const identifier = (field: Field, description: string, example: string) =>
  ApiPropertyOptional({
    type: String,
    maxLength: MAX[field],
    description: `${description} Max ${MAX[field]} characters. An identifier cannot be cleared: null or "" = not sent.`,
    example,
  });

/**
 * Documentation only: the body of POST /v1/events is validated item by item by the domain parser,
 * not by class-validator, so that one bad item fails alone with all its problems listed.
 */
export class EventItemDto {
  @ApiProperty({
    enum: ['update_attributes'],
    description: 'The only event kind.',
    example: 'update_attributes',
  })
  event!: string;

  @text('platform', 'Name of the source system.', 'clay')
  platform?: string;

  @identifier(
    'workspace_id',
    'Your workspace. Required with any workspace attribute; created on first use.',
    'ws-emea',
  )
  workspace_id?: string;
  @text(
    'import_name',
    'Workspace attribute (needs workspace_id and a lead identifier).',
    'March webinar list',
  )
  import_name?: string;
  @text('list_source', 'Workspace attribute.', 'Clay')
  list_source?: string;
  @text('exclusion_reason', 'Workspace attribute.', 'competitor')
  exclusion_reason?: string;
  @text('icp', 'Workspace attribute.', 'tier 1')
  icp?: string;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: { type: 'string' }, maxItems: TAG_LIMITS.maxItems, nullable: true },
      { type: 'string', nullable: true },
    ],
    description: `Workspace attribute: an array of strings or a comma-separated string; trimmed, de-duplicated. At most ${TAG_LIMITS.maxItems} tags of ${TAG_LIMITS.maxItemLength} characters. Replaces the stored tags; null clears them; [] or "" = not sent.`,
    example: ['vip', 'q3'],
  })
  tags?: string[] | string;
  @text('lead_status', 'Workspace attribute.', 'replied')
  lead_status?: string;

  @identifier('unified_lead_id', 'Lead identifier, priority 1. Trimmed, case kept.', 'lead-8812')
  unified_lead_id?: string;
  @identifier('lead_email', 'Lead identifier, priority 2. Trimmed and lower-cased.', 'ada@acme.com')
  lead_email?: string;
  @identifier(
    'lead_linkedin_url',
    'Lead identifier, priority 3. Any form of the profile URL (http/https, www/country/m. subdomain, query, trailing slash, letter case) matches the same lead.',
    'https://www.linkedin.com/in/ada-lovelace',
  )
  lead_linkedin_url?: string;
  @identifier(
    'lead_sales_navigator_url',
    'Lead identifier, priority 4. /sales/lead/<id>,... or /sales/people/<id>,...; keyed by the member id.',
    'https://www.linkedin.com/sales/lead/ACwAAAB1c2E,NAME_SEARCH,abc',
  )
  lead_sales_navigator_url?: string;
  @identifier('lead_linkedin_id', 'Lead identifier, priority 5. Trimmed, case kept.', 'ACoAAB12xyz')
  lead_linkedin_id?: string;

  @text('lead_first_name', 'Lead attribute (needs a lead identifier).', 'Ada')
  lead_first_name?: string;
  @text('lead_last_name', 'Lead attribute.', 'Lovelace')
  lead_last_name?: string;
  @text('lead_full_name', 'Lead attribute.', 'Ada Lovelace')
  lead_full_name?: string;
  @text('lead_country', 'Lead attribute.', 'United Kingdom')
  lead_country?: string;
  @text('lead_job_title', 'Lead attribute.', 'CTO')
  lead_job_title?: string;
  @text('lead_seniority', 'Lead attribute.', 'C-Level')
  lead_seniority?: string;
  @text('lead_function', 'Lead attribute.', 'Engineering')
  lead_function?: string;
  @text('lead_linkedin_headline', 'Lead attribute.', 'Building analytical engines')
  lead_linkedin_headline?: string;
  @text('lead_reporting_location', 'Lead attribute.', 'London')
  lead_reporting_location?: string;

  @identifier('unified_company_id', 'Company identifier, priority 1. Trimmed, case kept.', 'cmp-42')
  unified_company_id?: string;
  @identifier(
    'company_domain',
    'Company identifier, priority 2. Scheme, www., path, query, port and trailing dot are stripped; lower-cased.',
    'acme.com',
  )
  company_domain?: string;
  @identifier(
    'company_linkedin_url',
    'Company identifier, priority 3. Canonical /company/<slug> (or /school/<slug>).',
    'https://www.linkedin.com/company/acme',
  )
  company_linkedin_url?: string;

  @text(
    'company_name',
    'Company attribute (needs a company identifier). Also sets company_normalized_name (legal suffixes, punctuation and spacing removed) unless that is overridden.',
    'Acme Inc.',
  )
  company_name?: string;
  @text('company_country', 'Company attribute.', 'United States')
  company_country?: string;
  @text('company_employee_range', 'Company attribute.', '201-500')
  company_employee_range?: string;
  @text(
    'company_industry',
    'Company attribute. Also sets company_normalized_industry unless that is overridden.',
    'information technology and services',
  )
  company_industry?: string;
  @text('company_description', 'Company attribute.', 'We make anvils.')
  company_description?: string;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', pattern: '^\\d+$', nullable: true },
      { type: 'integer', minimum: 0, nullable: true },
    ],
    description:
      'Company attribute: a non-negative integer, as a string or a number. null = clear.',
    example: '350',
  })
  company_employee_count?: string | number;
  @text(
    'company_normalized_name',
    'Override of the derived normalised name. Wins over company_name and persists: later items that only send company_name do not overwrite it. null removes the override (the value is cleared and follows company_name again from the next time it is sent).',
    'Acme',
  )
  company_normalized_name?: string;
  @text(
    'company_normalized_industry',
    'Override of the derived normalised industry; same rules as company_normalized_name.',
    'Information Technology & Services',
  )
  company_normalized_industry?: string;

  @identifier(
    'sender',
    'The LinkedIn profile URL of your sender; required with linkedin_connection_level.',
    'https://www.linkedin.com/in/sales-rep',
  )
  sender?: string;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['1', '2', '3'] },
      { type: 'integer', enum: [1, 2, 3] },
    ],
    description:
      'Connection degree between sender and lead; needs sender and a lead identifier. One current level per (sender, lead): the last write wins.',
    example: '2',
  })
  linkedin_connection_level?: string | number;
}
