import fc from 'fast-check';
import { normalizeCompanyDomain } from './company-domain';
import { normalizeCompanyName, normalizeIndustry } from './company-name';
import { normalizeEmail } from './email';
import {
  normalizeCompanyLinkedinUrl,
  normalizeLinkedinProfileUrl,
  normalizeSalesNavigatorUrl,
} from './linkedin-url';
import { detectSenderType, normalizeSender, SenderType } from './sender-identity';
import { normalizeUnifiedId } from './unified-id';

type Normalizer = (raw: string) => string | null;

const NORMALIZERS: [string, Normalizer][] = [
  ['normalizeEmail', normalizeEmail],
  ['normalizeLinkedinProfileUrl', normalizeLinkedinProfileUrl],
  ['normalizeSalesNavigatorUrl', normalizeSalesNavigatorUrl],
  ['normalizeCompanyLinkedinUrl', normalizeCompanyLinkedinUrl],
  ['normalizeCompanyDomain', normalizeCompanyDomain],
  ['normalizeUnifiedId', normalizeUnifiedId],
  ['normalizeCompanyName', normalizeCompanyName],
  ['normalizeIndustry', normalizeIndustry],
  ['normalizeSender(email)', (raw) => normalizeSender(raw, 'email')],
  ['normalizeSender(linkedin)', (raw) => normalizeSender(raw, 'linkedin')],
];

// Pieces that steer random strings towards the branches the parsers care about.
const FRAGMENTS = [
  'https://',
  'http://',
  'HTTP://',
  '//',
  'ftp://',
  'www.',
  'WWW.',
  'uk.',
  'm.',
  'linkedin.com',
  'LinkedIn.COM',
  'evil.com',
  '/in/',
  '/IN/',
  '/pub/',
  '/company/',
  '/school/',
  '/showcase/',
  '/sales/lead/',
  '/sales/people/',
  'ACwAAAB12345xyz',
  'ACoAAAbcdefghijklmnopqrstuvwxyz',
  ',',
  'NAME_SEARCH',
  'jane-doe',
  'José',
  'Jose\u0301',
  '%C3%A9',
  '%E0%A4%A',
  '%',
  '%2E',
  '%2F',
  '?',
  '#',
  '/',
  '\\',
  '.',
  '..',
  '@',
  ':',
  ':443',
  ' ',
  '\t',
  '\n',
  '\u0000',
  '\uD800',
  '\uDC00',
  'ü',
  'ß',
  'İ',
  'Σ',
  'ﬁ',
  'Ａ',
  '。',
  'xn--',
  'xn--mller-kva',
  '-',
  '_',
  'acme',
  'example.com',
  'co.uk',
  '127.0.0.1',
  '[::1]',
  'Inc.',
  ', ',
  'GmbH',
  '& Co.',
  'KG',
  'Ltd',
  '(Pty)',
  '"',
  '“',
  '&',
  'and',
  'IT',
  'services',
];

const urlish = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 3 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const anyInput = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom(...FRAGMENTS)) }),
  urlish,
);

describe.each(NORMALIZERS)('%s', (_name, normalize) => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(anyInput, (raw) => {
        const result = normalize(raw);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyInput, (raw) => {
        const once = normalize(raw);
        if (once !== null) {
          expect(normalize(once)).toBe(once);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['a'.repeat(1_000_000)],
    [`${'a'.repeat(1_000_000)} Inc`],
    [`${'.'.repeat(500_000)}x`],
    [`https://www.linkedin.com/in/${'%'.repeat(1_000_000)}`],
    [`${' a'.repeat(500_000)}@example.com`],
  ])('copes with a 1 MB input (#%#)', (raw) => {
    expect(() => normalize(raw)).not.toThrow();
  });
});

describe('detectSenderType', () => {
  it('agrees with normalizeSender on arbitrary strings', () => {
    fc.assert(
      fc.property(anyInput, (raw) => {
        const type = detectSenderType(raw);
        if (type !== null) {
          expect(normalizeSender(raw, type)).not.toBeNull();
        } else {
          expect(normalizeSender(raw, 'email')).toBeNull();
          expect(normalizeSender(raw, 'linkedin')).toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('detects the same type for a canonical value', () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom<SenderType>('email', 'linkedin'), (raw, type) => {
        const canonical = normalizeSender(raw, type);
        if (canonical !== null) {
          expect(detectSenderType(canonical)).toBe(detectSenderType(raw));
        }
      }),
      { numRuns: 500 },
    );
  });
});

const slugChar = fc.constantFrom(...'abcxyz0189-éüñø张'.split(''));
// Slugs shaped like member ids ("ACoA...") are case-sensitive, so keep them out of this property.
const vanitySlug = fc
  .string({ unit: slugChar, minLength: 1, maxLength: 30 })
  .filter((slug) => /[\p{L}\p{N}]/u.test(slug) && !/^ac[ow]a/.test(slug));

function randomCase(value: string, upper: boolean[]): string {
  return Array.from(value)
    .map((char, i) => (upper[i % upper.length] ? char.toUpperCase() : char))
    .join('');
}

describe('LinkedIn URL variants', () => {
  it('map every variant of a profile URL to one canonical value', () => {
    fc.assert(
      fc.property(
        vanitySlug,
        fc.constantFrom('', 'http://', 'https://', 'HTTPS://'),
        fc.constantFrom('', 'www.', 'uk.', 'fr.', 'm.', 'WWW.'),
        fc.constantFrom('', '/', '/?trk=public_profile', '#about', '/details/experience/'),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        (slug, scheme, subdomain, suffix, encode, upper) => {
          const path = randomCase(`/in/${encode ? encodeURIComponent(slug) : slug}`, upper);
          const raw = `${scheme}${randomCase(`${subdomain}linkedin.com`, upper)}${path}${suffix}`;
          expect(normalizeLinkedinProfileUrl(raw)).toBe(
            `https://www.linkedin.com/in/${encodeURIComponent(slug)}`,
          );
        },
      ),
    );
  });

  it('keys Sales Navigator URLs by the case-sensitive member id only', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        fc.constantFrom('', 'https://', 'http://www.', 'uk.'),
        fc.constantFrom('lead', 'people', 'LEAD'),
        fc.constantFrom('', ',NAME_SEARCH,abc', '%2CNAME_SEARCH', '/', '?_ntb=x', '#y'),
        (memberId, prefix, kind, suffix) => {
          const raw = `${prefix}linkedin.com/sales/${kind}/${memberId}${suffix}`;
          expect(normalizeSalesNavigatorUrl(raw)).toBe(
            `https://www.linkedin.com/sales/lead/${memberId}`,
          );
        },
      ),
    );
  });
});

describe('valid generated values', () => {
  it('accepts RFC-shaped email addresses as lower-case', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(normalizeEmail(email)).toBe(email.toLowerCase());
      }),
    );
  });

  it('extracts the same domain from a bare domain and a full URL', () => {
    fc.assert(
      fc.property(
        fc.domain(),
        fc.constantFrom('https://', 'http://www.', '//'),
        (domain, prefix) => {
          const bare = normalizeCompanyDomain(domain);
          expect(bare).not.toBeNull();
          expect(normalizeCompanyDomain(`${prefix}${domain.toUpperCase()}:8080/a?b#c`)).toBe(bare);
        },
      ),
    );
  });
});
