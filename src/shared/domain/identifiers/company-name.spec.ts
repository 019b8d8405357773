import { normalizeCompanyName, normalizeIndustry } from './company-name';

describe('normalizeCompanyName', () => {
  it.each([
    ['Acme', 'Acme'],
    ['Acme, Inc.', 'Acme'],
    ['Acme Inc', 'Acme'],
    ['Acme Incorporated', 'Acme'],
    ['Acme L.L.C.', 'Acme'],
    ['Acme Ltd.', 'Acme'],
    ['Acme Pty Ltd', 'Acme'],
    ['Acme (Pty) Ltd', 'Acme'],
    ['Acme GmbH', 'Acme'],
    ['Foo Holdings GmbH & Co. KG', 'Foo Holdings'],
    ['Société Générale S.A.', 'Société Générale'],
    ['Acme B.V.', 'Acme'],
    ['Wells Fargo & Co', 'Wells Fargo'],
    ['ACME corp', 'ACME'],
    ['Acme Corporation, LLC', 'Acme'],
    ['  "Acme   Widgets,"  Ltd ', 'Acme Widgets'],
    ['“Acme Labs”', 'Acme Labs'],
    ['Ａｃｍｅ Ｉｎｃ', 'Acme'],
    ['Johnson & Johnson', 'Johnson & Johnson'],
    ['Amazon.com, Inc.', 'Amazon.com'],
    ['Inc.', 'Inc.'],
    ['  Co. Ltd  ', 'Co. Ltd'],
    ['Acme (UK)', 'Acme (UK)'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeCompanyName(raw)).toBe(expected);
  });

  it.each([[''], ['   '], ['\n\t']])('rejects %j', (raw) => {
    expect(normalizeCompanyName(raw)).toBeNull();
  });
});

describe('normalizeIndustry', () => {
  it.each([
    ['information technology & services', 'Information Technology & Services'],
    ['Information Technology and Services', 'Information Technology & Services'],
    ['  IT   services ', 'IT Services'],
    ['COMPUTER SOFTWARE', 'Computer Software'],
    ['wine&spirits', 'Wine & Spirits'],
    ['e-commerce', 'E-Commerce'],
    ['HR and B2B saas', 'HR & B2B Saas'],
    ["women's health", "Women's Health"],
    ['Ｉｎｔｅｒｎｅｔ', 'Internet'],
    ['Sandwiches', 'Sandwiches'],
    ['and\u0301', 'And\u0301'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeIndustry(raw)).toBe(expected);
  });

  // Found by the property test: "İ" lower-cases to "i" plus a combining dot, which must not
  // turn the rest of the word into a free-standing "and" on the second pass.
  it.each([['%C3%A9İand'], ['İand'], ['Wİand x']])('is idempotent on %j', (raw) => {
    const once = normalizeIndustry(raw);
    expect(once).not.toContain('&');
    expect(normalizeIndustry(once as string)).toBe(once);
  });

  it.each([[''], ['   ']])('rejects %j', (raw) => {
    expect(normalizeIndustry(raw)).toBeNull();
  });
});
