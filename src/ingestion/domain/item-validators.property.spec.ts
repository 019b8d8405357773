import fc from 'fast-check';
import { parseSenderItem } from '../../sender/domain/parse-sender-item';
import {
  COMPANY_ATTRIBUTE_FIELDS,
  COMPANY_IDENTIFIER_FIELDS,
  LEAD_ATTRIBUTE_FIELDS,
  LEAD_IDENTIFIER_FIELDS,
  WORKSPACE_ATTRIBUTE_FIELDS,
} from './event-fields';
import { parseEventItem } from './parse-event-item';

const EVENT_FIELDS = [
  'event',
  'platform',
  'workspace_id',
  'sender',
  'linkedin_connection_level',
  ...LEAD_IDENTIFIER_FIELDS,
  ...LEAD_ATTRIBUTE_FIELDS,
  ...COMPANY_IDENTIFIER_FIELDS,
  ...COMPANY_ATTRIBUTE_FIELDS,
  ...WORKSPACE_ATTRIBUTE_FIELDS,
];
const SENDER_FIELDS = [
  'sender',
  'type',
  'workspace_id',
  'sender_name',
  'email_server',
  'email_reseller',
  'platform',
];
const ERROR_TYPES = ['value_error', 'type_error', 'missing'];

/** Any JSON value in a field, with strings that look like the real thing now and then. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    '',
    '  ',
    'update_attributes',
    'ada@acme.com',
    'https://www.linkedin.com/in/ada',
    'acme.com',
    '2',
    'x\u0000y',
    '\ud800',
  ),
  fc.string({ unit: 'binary' }),
);

function itemOf(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(
    fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor'), fc.string()),
    fieldValue,
    {
      maxKeys: 12,
    },
  );
}

function wellFormed(
  result: ReturnType<typeof parseEventItem> | ReturnType<typeof parseSenderItem>,
): void {
  if (result.ok) return;
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) {
    expect(ERROR_TYPES).toContain(error.type);
    expect(typeof error.msg).toBe('string');
    expect(error.msg.length).toBeGreaterThan(0);
  }
}

describe('item validators (properties)', () => {
  it('parseEventItem never throws and always answers an item or well-formed errors', () => {
    fc.assert(
      fc.property(fc.oneof(itemOf(EVENT_FIELDS), fc.anything()), (raw) => {
        const result = parseEventItem(raw);
        wellFormed(result);
        if (result.ok) expect(result.item.lead ?? result.item.company).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('parseSenderItem never throws and always answers an item or well-formed errors', () => {
    fc.assert(
      fc.property(fc.oneof(itemOf(SENDER_FIELDS), fc.anything()), (raw) => {
        const result = parseSenderItem(raw);
        wellFormed(result);
        if (result.ok) expect(['email', 'linkedin']).toContain(result.item.type);
      }),
      { numRuns: 2000 },
    );
  });

  it('treats an empty or blank string exactly like an absent field', () => {
    fc.assert(
      fc.property(
        itemOf(EVENT_FIELDS),
        fc.constantFrom(...EVENT_FIELDS),
        fc.constantFrom('', ' ', '\t\n'),
        (raw, field, blank) => {
          const without = { ...raw };
          delete without[field];
          expect(parseEventItem({ ...without, [field]: blank })).toEqual(parseEventItem(without));
        },
      ),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(itemOf(SENDER_FIELDS), fc.constantFrom(...SENDER_FIELDS), (raw, field) => {
        const without = { ...raw };
        delete without[field];
        expect(parseSenderItem({ ...without, [field]: '' })).toEqual(parseSenderItem(without));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same canonical item for an item and its canonical identifiers', () => {
    const variants = fc.record({
      scheme: fc.constantFrom('https://', 'http://', ''),
      host: fc.constantFrom('www.', 'uk.', 'm.', ''),
      slug: fc.stringMatching(/^[a-z][a-z0-9-]{2,20}$/),
      upper: fc.boolean(),
      tail: fc.constantFrom('', '/', '/?trk=x', '#frag'),
      email: fc.emailAddress(),
    });
    fc.assert(
      fc.property(variants, (v) => {
        const slug = v.upper ? v.slug.toUpperCase() : v.slug;
        const raw = {
          event: 'update_attributes',
          lead_email: `  ${v.email.toUpperCase()} `,
          lead_linkedin_url: `${v.scheme}${v.host}linkedin.com/in/${slug}${v.tail}`,
        };
        const first = parseEventItem(raw);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        const ids = first.item.lead?.ids;
        const again = parseEventItem({
          event: 'update_attributes',
          lead_email: ids?.email,
          lead_linkedin_url: ids?.linkedinUrl,
        });
        expect(again).toEqual(first);
        expect(ids?.linkedinUrl).toBe(`https://www.linkedin.com/in/${v.slug}`);
      }),
      { numRuns: 500 },
    );
  });
});
