import { FieldError, missingError, typeError, valueError } from '../../shared/domain/field';
import {
  COMPANY_TEXT_ATTRIBUTE_FIELDS,
  EVENT_FIELD_MAX_LENGTHS,
  LEAD_ATTRIBUTE_FIELDS,
  WORKSPACE_TEXT_ATTRIBUTE_FIELDS,
} from './event-fields';
import {
  EventItem,
  MISSING_IDENTIFIER_MESSAGE,
  MISSING_WORKSPACE_ID_MESSAGE,
  parseEventItem,
} from './parse-event-item';

const EVENT = { event: 'update_attributes' };
const LEAD = { ...EVENT, lead_email: 'ada@example.com' };
const COMPANY = { ...EVENT, company_domain: 'acme.com' };
const LEAD_IDS_TEXT =
  'a lead identifier (unified_lead_id, lead_email, lead_linkedin_url, lead_sales_navigator_url, lead_linkedin_id)';
const COMPANY_IDS_TEXT =
  'a company identifier (unified_company_id, company_domain, company_linkedin_url)';
const WORKSPACE_ID_FOR_TAGS = 'workspace_id is required if tags or lead_status is present';

function attributeOfSameEntity(identifierField: string): Record<string, string> {
  return identifierField.startsWith('company_')
    ? { company_name: 'Acme' }
    : { lead_first_name: 'Ada' };
}

function itemOf(raw: unknown): EventItem {
  const result = parseEventItem(raw);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.item;
}

function errorsOf(raw: unknown): FieldError[] {
  const result = parseEventItem(raw);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.item)}`);
  return result.errors;
}

describe('parseEventItem', () => {
  describe('non-object elements', () => {
    it.each([[5], [null], ['update_attributes'], [true], [[]], [[LEAD]], [undefined]])(
      '%j fails with a single type_error',
      (raw) => {
        expect(errorsOf(raw)).toEqual([typeError('item must be a JSON object')]);
      },
    );
  });

  describe('event', () => {
    it.each([[{}], [{ event: null }], [{ event: '' }], [{ event: '   ' }]])(
      '%j is missing',
      (fields) => {
        expect(errorsOf({ ...LEAD, event: undefined, ...fields })).toEqual([
          missingError('event is required'),
        ]);
      },
    );

    it.each([['update'], ['UPDATE_ATTRIBUTES'], [5], [{ name: 'update_attributes' }]])(
      '%j is not the update_attributes event',
      (event) => {
        expect(errorsOf({ ...LEAD, event })).toEqual([
          valueError("event must be 'update_attributes'"),
        ]);
      },
    );

    it('is trimmed', () => {
      expect(parseEventItem({ ...LEAD, event: ' update_attributes ' }).ok).toBe(true);
    });
  });

  describe('identifiers', () => {
    it.each<[string, Record<string, unknown>]>([
      ['none', {}],
      ['all empty strings', { lead_email: '', company_domain: ' ', unified_lead_id: '' }],
      ['all null (an identity cannot be cleared)', { lead_email: null, unified_company_id: null }],
      ['only attributes', { platform: 'clay' }],
    ])('%s: at least one is required', (_name, fields) => {
      expect(errorsOf({ ...EVENT, ...fields })).toEqual([missingError(MISSING_IDENTIFIER_MESSAGE)]);
    });

    it('names every identifier in the missing message', () => {
      expect(MISSING_IDENTIFIER_MESSAGE).toBe(
        'at least one lead identifier (unified_lead_id, lead_email, lead_linkedin_url, lead_sales_navigator_url, lead_linkedin_id) or company identifier (unified_company_id, company_domain, company_linkedin_url) is required',
      );
    });

    it.each<[string, string, Partial<EventItem>]>([
      [
        'unified_lead_id',
        '  Lead-ABC  ',
        { lead: { ids: { unifiedLeadId: 'Lead-ABC' }, attributes: {} } },
      ],
      [
        'lead_email',
        ' Ada@Example.COM ',
        { lead: { ids: { email: 'ada@example.com' }, attributes: {} } },
      ],
      [
        'lead_linkedin_url',
        'http://fr.linkedin.com/in/Ada-Lovelace/?trk=x#top',
        {
          lead: {
            ids: { linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace' },
            attributes: {},
          },
        },
      ],
      [
        'lead_sales_navigator_url',
        'https://www.linkedin.com/sales/people/ACwAAAB1c2E,NAME_SEARCH,abc',
        {
          lead: {
            ids: { salesNavigatorUrl: 'https://www.linkedin.com/sales/lead/ACwAAAB1c2E' },
            attributes: {},
          },
        },
      ],
      [
        'lead_linkedin_id',
        ' ACoAAB12 ',
        { lead: { ids: { linkedinId: 'ACoAAB12' }, attributes: {} } },
      ],
      [
        'unified_company_id',
        ' C-1 ',
        { company: { ids: { unifiedCompanyId: 'C-1' }, attributes: {}, derived: [] } },
      ],
      [
        'company_domain',
        'https://www.Acme.com/about?x=1',
        { company: { ids: { domain: 'acme.com' }, attributes: {}, derived: [] } },
      ],
      [
        'company_linkedin_url',
        'linkedin.com/company/Acme-Corp/about/',
        {
          company: {
            ids: { linkedinUrl: 'https://www.linkedin.com/company/acme-corp' },
            attributes: {},
            derived: [],
          },
        },
      ],
    ])('%s alone is enough and is normalised', (field, value, expected) => {
      expect(itemOf({ ...EVENT, [field]: value })).toEqual(expected);
    });

    it('keeps every identifier of both entities', () => {
      const item = itemOf({
        ...EVENT,
        unified_lead_id: 'L1',
        lead_email: 'a@b.com',
        lead_linkedin_id: 'X',
        unified_company_id: 'C1',
        company_domain: 'b.com',
      });
      expect(item.lead?.ids).toEqual({ unifiedLeadId: 'L1', email: 'a@b.com', linkedinId: 'X' });
      expect(item.company?.ids).toEqual({ unifiedCompanyId: 'C1', domain: 'b.com' });
    });

    it.each<[string, string, string]>([
      ['lead_email', 'not-an-email', 'lead_email is not a valid email address'],
      ['lead_email', 'ada@', 'lead_email is not a valid email address'],
      [
        'lead_linkedin_url',
        'https://example.com/in/ada',
        'lead_linkedin_url is not a LinkedIn profile URL (expected https://www.linkedin.com/in/<slug>)',
      ],
      [
        'lead_linkedin_url',
        'https://www.linkedin.com/company/acme',
        'lead_linkedin_url is not a LinkedIn profile URL (expected https://www.linkedin.com/in/<slug>)',
      ],
      [
        'lead_linkedin_url',
        'https://www.linkedin.com/sales/lead/ACwAAAB1c2E,NAME_SEARCH,abc',
        'lead_linkedin_url is a Sales Navigator URL: send it as lead_sales_navigator_url',
      ],
      [
        'lead_sales_navigator_url',
        'https://www.linkedin.com/in/ada',
        'lead_sales_navigator_url is a LinkedIn profile URL: send it as lead_linkedin_url',
      ],
      [
        'lead_sales_navigator_url',
        'https://www.linkedin.com/sales/search/people',
        'lead_sales_navigator_url is not a Sales Navigator lead URL (expected https://www.linkedin.com/sales/lead/<id>,... or https://www.linkedin.com/sales/people/<id>,...)',
      ],
      [
        'company_domain',
        'not a domain',
        'company_domain is not a valid domain name (expected e.g. acme.com)',
      ],
      [
        'company_linkedin_url',
        'https://www.linkedin.com/in/ada',
        'company_linkedin_url is not a LinkedIn company URL (expected https://www.linkedin.com/company/<slug>)',
      ],
    ])('%s %j is rejected (and still counts as an identifier)', (field, value, msg) => {
      expect(errorsOf({ ...EVENT, [field]: value, ...attributeOfSameEntity(field) })).toEqual([
        valueError(msg),
      ]);
    });

    it.each([['lead_email'], ['unified_lead_id'], ['company_domain'], ['workspace_id']])(
      '%s with a wrong JSON type is a type_error',
      (field) => {
        expect(errorsOf({ ...LEAD, ...COMPANY, [field]: 42 })).toContainEqual(
          typeError(`${field} must be a string`),
        );
      },
    );
  });

  describe('lead and company attributes', () => {
    it('need a lead identifier, naming the fields sent (null counts, "" does not)', () => {
      expect(
        errorsOf({ ...COMPANY, lead_first_name: 'Ada', lead_job_title: null, lead_country: '' }),
      ).toEqual([valueError(`lead_first_name, lead_job_title require ${LEAD_IDS_TEXT}`)]);
    });

    it('need a company identifier, including company_employee_count and overrides', () => {
      expect(
        errorsOf({
          ...LEAD,
          company_name: 'Acme',
          company_employee_count: 3,
          company_normalized_name: 'A',
        }),
      ).toEqual([
        valueError(
          `company_name, company_normalized_name, company_employee_count require ${COMPANY_IDS_TEXT}`,
        ),
      ]);
    });

    it('uses the singular for one field', () => {
      expect(errorsOf({ ...LEAD, company_country: 'FR' })).toEqual([
        valueError(`company_country requires ${COMPANY_IDS_TEXT}`),
      ]);
    });

    it('builds a patch: "" untouched, null cleared, values trimmed', () => {
      const item = itemOf({
        ...LEAD,
        lead_first_name: '  Ada ',
        lead_last_name: '',
        lead_full_name: '   ',
        lead_country: null,
        lead_job_title: 'CTO',
        lead_seniority: 'C-level',
        lead_function: 'Engineering',
        lead_linkedin_headline: 'Building things',
        lead_reporting_location: 'London',
      });
      expect(item.lead?.attributes).toEqual({
        lead_first_name: 'Ada',
        lead_country: null,
        lead_job_title: 'CTO',
        lead_seniority: 'C-level',
        lead_function: 'Engineering',
        lead_linkedin_headline: 'Building things',
        lead_reporting_location: 'London',
      });
      expect(item.lead?.attributes).not.toHaveProperty('lead_last_name');
      expect(item.lead?.attributes).not.toHaveProperty('lead_full_name');
    });

    it('reads every company attribute', () => {
      const item = itemOf({
        ...COMPANY,
        company_name: 'Acme',
        company_country: 'US',
        company_employee_range: '1001-5000',
        company_industry: 'Software',
        company_description: 'We make anvils',
        company_employee_count: '1200',
        company_normalized_name: 'ACME',
        company_normalized_industry: 'Software Development',
      });
      expect(item.company?.attributes).toEqual({
        company_name: 'Acme',
        company_country: 'US',
        company_employee_range: '1001-5000',
        company_industry: 'Software',
        company_description: 'We make anvils',
        company_employee_count: 1200,
        company_normalized_name: 'ACME',
        company_normalized_industry: 'Software Development',
      });
      expect(item.company?.derived).toEqual([]);
    });

    it.each<[string, unknown, FieldError | number | null | undefined]>([
      ['a number', 1200, 1200],
      ['a string of digits', ' 1200 ', 1200],
      ['zero', 0, 0],
      ['null (clear)', null, null],
      ['"" (not sent)', '', undefined],
      [
        'letters',
        'abc',
        valueError('company_employee_count must be a non-negative integer (e.g. 1200)'),
      ],
      [
        'negative',
        -5,
        valueError('company_employee_count must be a non-negative integer (e.g. 1200)'),
      ],
      [
        'a fraction',
        12.5,
        valueError('company_employee_count must be a non-negative integer (e.g. 1200)'),
      ],
      ['over int4', 2_147_483_648, valueError('company_employee_count must be at most 2147483647')],
      [
        'a boolean',
        true,
        typeError('company_employee_count must be a number or a string of digits'),
      ],
    ])('company_employee_count as %s', (_name, value, expected) => {
      const result = parseEventItem({ ...COMPANY, company_employee_count: value });
      if (expected !== null && typeof expected === 'object') {
        expect(result).toEqual({ ok: false, errors: [expected] });
      } else {
        expect(result.ok && result.item.company?.attributes.company_employee_count).toBe(expected);
      }
    });

    it.each<[string, unknown, FieldError]>([
      ['lead_first_name', 7, typeError('lead_first_name must be a string')],
      ['lead_first_name', { first: 'Ada' }, typeError('lead_first_name must be a string')],
      ['lead_country', ['FR'], typeError('lead_country must be a string')],
      [
        'lead_full_name',
        'Ada\u0000Lovelace',
        valueError('lead_full_name must not contain NUL characters'),
      ],
      [
        'lead_job_title',
        'CTO \uD800',
        valueError('lead_job_title must be well-formed Unicode (it contains a lone surrogate)'),
      ],
      ['platform', false, typeError('platform must be a string')],
    ])('%s = %j is rejected', (field, value, expected) => {
      expect(errorsOf({ ...LEAD, [field]: value })).toEqual([expected]);
    });
  });

  describe('derived company_normalized_name / company_normalized_industry', () => {
    it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
      [
        'derived from company_name and company_industry',
        { company_name: 'Acme, Inc.', company_industry: 'computer software' },
        { company_normalized_name: 'Acme', company_normalized_industry: 'Computer Software' },
        ['company_normalized_name', 'company_normalized_industry'],
      ],
      [
        'an override wins',
        { company_name: 'Acme, Inc.', company_normalized_name: ' ACME Corp ' },
        { company_normalized_name: 'ACME Corp' },
        [],
      ],
      [
        'an override is kept without a source',
        { company_normalized_industry: 'Manufacturing' },
        { company_normalized_industry: 'Manufacturing' },
        [],
      ],
      [
        'a null override clears even when the source is sent',
        { company_name: 'Acme Inc', company_normalized_name: null },
        { company_normalized_name: null },
        [],
      ],
      [
        'clearing the source clears the derived value',
        { company_name: null, company_industry: null },
        { company_normalized_name: null, company_normalized_industry: null },
        ['company_normalized_name', 'company_normalized_industry'],
      ],
      ['"" source touches nothing', { company_name: '', company_industry: ' ' }, {}, []],
    ])('%s', (_name, fields, expected, derived) => {
      const company = itemOf({ ...COMPANY, ...fields }).company;
      const normalized = Object.fromEntries(
        Object.entries(company?.attributes ?? {}).filter(([key]) => key.includes('normalized')),
      );
      expect(normalized).toEqual(expected);
      expect(company?.derived).toEqual(derived);
    });
  });

  describe('workspace', () => {
    it('has the exact SPEC message', () => {
      expect(MISSING_WORKSPACE_ID_MESSAGE).toBe(
        'workspace_id is required if any of import_name, list_source, exclusion_reason, icp is present',
      );
    });

    it.each<[string, unknown]>([
      ['import_name', 'March import'],
      ['list_source', 'Clay'],
      ['exclusion_reason', 'competitor'],
      ['icp', 'yes'],
      ['icp', null],
    ])('%s = %j without workspace_id fails with the SPEC message', (field, value) => {
      expect(errorsOf({ ...LEAD, [field]: value })).toEqual([
        valueError(MISSING_WORKSPACE_ID_MESSAGE),
      ]);
    });

    it.each<[string, unknown]>([
      ['workspace_id null (an identity cannot be cleared)', null],
      ['workspace_id ""', ''],
    ])('%s reads as missing', (_name, workspaceId) => {
      expect(errorsOf({ ...LEAD, workspace_id: workspaceId, icp: 'yes' })).toEqual([
        valueError(MISSING_WORKSPACE_ID_MESSAGE),
      ]);
    });

    it('"" workspace attributes need nothing', () => {
      expect(itemOf({ ...LEAD, icp: '', import_name: '  ', tags: '' })).toEqual({
        lead: { ids: { email: 'ada@example.com' }, attributes: {} },
      });
    });

    it.each<[string, Record<string, unknown>]>([
      ['tags', { tags: ['vip'] }],
      ['tags null', { tags: null }],
      ['lead_status', { lead_status: 'contacted' }],
      ['both', { tags: 'a', lead_status: 'x' }],
    ])('%s without workspace_id has its own message', (_name, fields) => {
      expect(errorsOf({ ...LEAD, ...fields })).toEqual([valueError(WORKSPACE_ID_FOR_TAGS)]);
    });

    it('reports the missing workspace_id once when both kinds of fields are sent', () => {
      expect(errorsOf({ ...LEAD, icp: 'y', tags: 'a', lead_status: 'x' })).toEqual([
        valueError(MISSING_WORKSPACE_ID_MESSAGE),
      ]);
    });

    it('needs a lead identifier, naming the workspace fields sent', () => {
      expect(errorsOf({ ...COMPANY, workspace_id: 'ws', icp: 'y', tags: ['a'] })).toEqual([
        valueError(`workspace_id, icp, tags require ${LEAD_IDS_TEXT}`),
      ]);
    });

    it('workspace_id alone with a company identifier only is rejected', () => {
      expect(errorsOf({ ...COMPANY, workspace_id: 'ws' })).toEqual([
        valueError(`workspace_id requires ${LEAD_IDS_TEXT}`),
      ]);
    });

    it('workspace_id alone with a lead identifier records the membership', () => {
      expect(itemOf({ ...LEAD, workspace_id: ' WS-1 ' }).workspace).toEqual({
        workspaceId: 'WS-1',
        attributes: {},
      });
    });

    it('builds the workspace patch with tags', () => {
      expect(
        itemOf({
          ...LEAD,
          workspace_id: 'ws',
          import_name: 'March',
          list_source: 'Clay',
          exclusion_reason: null,
          icp: 'tier 1',
          lead_status: 'replied',
          tags: ['b', ' a ', 'b'],
        }).workspace,
      ).toEqual({
        workspaceId: 'ws',
        attributes: {
          import_name: 'March',
          list_source: 'Clay',
          exclusion_reason: null,
          icp: 'tier 1',
          lead_status: 'replied',
          tags: ['b', 'a'],
        },
      });
    });

    it.each<[string, unknown, string[] | null | undefined]>([
      ['an array', ['vip', 'q3'], ['vip', 'q3']],
      ['a comma-separated string', 'vip, q3,,vip', ['vip', 'q3']],
      ['null (clear)', null, null],
      ['[] (not sent)', [], undefined],
      ['"" (not sent)', '', undefined],
    ])('tags as %s', (_name, tags, expected) => {
      expect(itemOf({ ...LEAD, workspace_id: 'ws', tags }).workspace?.attributes.tags).toEqual(
        expected,
      );
    });

    it.each<[string, unknown, FieldError]>([
      ['a number', 5, typeError('tags must be an array of strings or a comma-separated string')],
      [
        'an object',
        { a: 1 },
        typeError('tags must be an array of strings or a comma-separated string'),
      ],
      ['an array with a number', ['a', 2], typeError('tags[1] must be a string')],
      [
        'over 100 tags',
        Array.from({ length: 101 }, (_, i) => `t${i}`),
        valueError('tags must have at most 100 items'),
      ],
      [
        'a tag over 100 characters',
        ['ok', 'x'.repeat(101)],
        valueError('tags[1] must be at most 100 characters'),
      ],
    ])('tags as %s is rejected', (_name, tags, expected) => {
      expect(errorsOf({ ...LEAD, workspace_id: 'ws', tags })).toEqual([expected]);
    });

    it('accepts exactly 100 tags of 100 characters', () => {
      const tags = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(100, 'x'));
      expect(itemOf({ ...LEAD, workspace_id: 'ws', tags }).workspace?.attributes.tags).toEqual(
        tags,
      );
    });
  });

  describe('linkedin connection level', () => {
    const SENDER = 'https://www.linkedin.com/in/Sales-Rep/';

    it.each<[unknown, 1 | 2 | 3]>([
      [1, 1],
      [2, 2],
      [3, 3],
      ['1', 1],
      [' 2 ', 2],
      ['3', 3],
      [3.0, 3],
    ])('%j -> %j', (level, expected) => {
      expect(
        itemOf({ ...LEAD, sender: SENDER, linkedin_connection_level: level }).connection,
      ).toEqual({
        sender: 'https://www.linkedin.com/in/sales-rep',
        level: expected,
      });
    });

    const LEVEL_MESSAGE =
      "linkedin_connection_level must be 1, 2 or 3 (a number or the string '1', '2' or '3')";
    it.each<[unknown, FieldError]>([
      [0, valueError(LEVEL_MESSAGE)],
      [4, valueError(LEVEL_MESSAGE)],
      [1.5, valueError(LEVEL_MESSAGE)],
      ['4', valueError(LEVEL_MESSAGE)],
      ['1st', valueError(LEVEL_MESSAGE)],
      ['01', valueError(LEVEL_MESSAGE)],
      ['two', valueError(LEVEL_MESSAGE)],
      [true, typeError(LEVEL_MESSAGE)],
      [[1], typeError(LEVEL_MESSAGE)],
      [{ level: 1 }, typeError(LEVEL_MESSAGE)],
    ])('%j is rejected', (level, expected) => {
      expect(errorsOf({ ...LEAD, sender: SENDER, linkedin_connection_level: level })).toEqual([
        expected,
      ]);
    });

    it.each<[string, Record<string, unknown>, FieldError[]]>([
      [
        'level without sender',
        { linkedin_connection_level: 2 },
        [valueError('sender is required when linkedin_connection_level is present')],
      ],
      [
        'level with an empty sender',
        { linkedin_connection_level: '2', sender: '' },
        [valueError('sender is required when linkedin_connection_level is present')],
      ],
      [
        'sender without level',
        { sender: SENDER },
        [valueError('linkedin_connection_level is required when sender is present')],
      ],
      [
        'sender that is not a profile URL',
        { sender: 'rep@acme.com', linkedin_connection_level: 1 },
        [
          valueError(
            'sender is not a LinkedIn profile URL (expected https://www.linkedin.com/in/<slug>)',
          ),
        ],
      ],
    ])('%s', (_name, fields, expected) => {
      expect(errorsOf({ ...LEAD, ...fields })).toEqual(expected);
    });

    it('needs a lead identifier', () => {
      expect(errorsOf({ ...COMPANY, sender: SENDER, linkedin_connection_level: 1 })).toEqual([
        valueError(`sender, linkedin_connection_level require ${LEAD_IDS_TEXT}`),
      ]);
    });

    it.each<[string, Record<string, unknown>]>([
      ['both null', { sender: null, linkedin_connection_level: null }],
      ['both ""', { sender: '', linkedin_connection_level: '' }],
    ])('%s reads as not sent', (_name, fields) => {
      expect(itemOf({ ...LEAD, ...fields })).not.toHaveProperty('connection');
    });
  });

  describe('platform', () => {
    it.each<[unknown, string | null | undefined]>([
      [' clay ', 'clay'],
      [null, null],
      ['', undefined],
    ])('%j -> %j', (platform, expected) => {
      expect(itemOf({ ...LEAD, platform }).platform).toBe(expected);
    });
  });

  describe('maximum lengths', () => {
    const VALID = {
      ...LEAD,
      ...COMPANY,
      workspace_id: 'ws',
      sender: 'https://www.linkedin.com/in/rep',
      linkedin_connection_level: 1,
    };

    it.each(Object.entries(EVENT_FIELD_MAX_LENGTHS))(
      '%s is at most %d characters',
      (field, max) => {
        expect(errorsOf({ ...VALID, [field]: 'x'.repeat(max + 1) })).toContainEqual(
          valueError(`${field} must be at most ${max} characters`),
        );
      },
    );

    const FREE_TEXT_FIELDS = [
      ...LEAD_ATTRIBUTE_FIELDS,
      ...COMPANY_TEXT_ATTRIBUTE_FIELDS,
      ...WORKSPACE_TEXT_ATTRIBUTE_FIELDS,
      'platform',
      'unified_lead_id',
      'lead_linkedin_id',
      'unified_company_id',
      'workspace_id',
    ] as const;
    it.each(FREE_TEXT_FIELDS.map((field) => [field, EVENT_FIELD_MAX_LENGTHS[field]] as const))(
      '%s accepts exactly %d characters, counted in code points',
      (field, max) => {
        expect(parseEventItem({ ...VALID, [field]: '😀'.repeat(max) }).ok).toBe(true);
      },
    );

    it('documents every class of limit', () => {
      expect(EVENT_FIELD_MAX_LENGTHS).toMatchObject({
        lead_email: 254,
        lead_linkedin_url: 2048,
        unified_lead_id: 255,
        lead_first_name: 255,
        lead_job_title: 1000,
        company_description: 10000,
      });
    });
  });

  describe('unknown and prototype keys', () => {
    it('ignores unknown fields', () => {
      expect(itemOf({ ...LEAD, favourite_colour: { nested: true }, id: 5 })).toEqual({
        lead: { ids: { email: 'ada@example.com' }, attributes: {} },
      });
    });

    it('does not read fields through a JSON "__proto__" key', () => {
      const raw = JSON.parse(
        '{"__proto__": {"lead_email": "eve@evil.com", "event": "update_attributes", "lead_first_name": "Eve"}}',
      );
      expect(errorsOf(raw)).toEqual([
        missingError('event is required'),
        missingError(MISSING_IDENTIFIER_MESSAGE),
      ]);
    });

    it('neither copies nor follows "__proto__" / "constructor" keys', () => {
      const raw = JSON.parse(
        '{"event": "update_attributes", "lead_email": "a@b.com", "workspace_id": "ws", "__proto__": {"polluted": 1, "lead_first_name": "Eve"}, "constructor": {"prototype": {"polluted": 2}}}',
      );
      const item = itemOf(raw);
      expect(item.lead?.attributes).toEqual({});
      expect(Object.getPrototypeOf(item.lead?.attributes)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(item.workspace?.attributes)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).lead_first_name).toBeUndefined();
    });
  });

  it('collects every problem of an item, in field order', () => {
    expect(
      errorsOf({
        event: 'create',
        lead_email: 'nope',
        lead_first_name: 7,
        company_name: 'Acme',
        company_employee_count: 'many',
        icp: 'yes',
        tags: 3,
        linkedin_connection_level: 9,
      }),
    ).toEqual([
      valueError("event must be 'update_attributes'"),
      valueError('lead_email is not a valid email address'),
      typeError('lead_first_name must be a string'),
      valueError('company_employee_count must be a non-negative integer (e.g. 1200)'),
      typeError('tags must be an array of strings or a comma-separated string'),
      valueError(
        "linkedin_connection_level must be 1, 2 or 3 (a number or the string '1', '2' or '3')",
      ),
      valueError(`company_name, company_employee_count require ${COMPANY_IDS_TEXT}`),
      valueError(MISSING_WORKSPACE_ID_MESSAGE),
      valueError('sender is required when linkedin_connection_level is present'),
    ]);
  });

  it('parses a complete item', () => {
    expect(
      itemOf({
        event: 'update_attributes',
        platform: 'clay',
        lead_email: 'Ada@Example.com',
        lead_linkedin_url: 'linkedin.com/in/ada',
        lead_first_name: 'Ada',
        company_domain: 'www.acme.com',
        company_name: 'Acme Ltd',
        workspace_id: 'ws-1',
        icp: 'yes',
        tags: 'a,b',
        sender: 'https://linkedin.com/in/rep',
        linkedin_connection_level: '2',
      }),
    ).toEqual({
      platform: 'clay',
      lead: {
        ids: { email: 'ada@example.com', linkedinUrl: 'https://www.linkedin.com/in/ada' },
        attributes: { lead_first_name: 'Ada' },
      },
      company: {
        ids: { domain: 'acme.com' },
        attributes: { company_name: 'Acme Ltd', company_normalized_name: 'Acme' },
        derived: ['company_normalized_name'],
      },
      workspace: { workspaceId: 'ws-1', attributes: { icp: 'yes', tags: ['a', 'b'] } },
      connection: { sender: 'https://www.linkedin.com/in/rep', level: 2 },
    });
  });
});
