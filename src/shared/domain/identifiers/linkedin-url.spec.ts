import {
  normalizeCompanyLinkedinUrl,
  normalizeLinkedinProfileUrl,
  normalizeSalesNavigatorUrl,
} from './linkedin-url';

const JANE = 'https://www.linkedin.com/in/jane-doe';
const MEMBER_ID = 'ACwAAAB12345xyzABCdefGHIjklMNOpqrSTUv';

describe('normalizeLinkedinProfileUrl', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe', JANE],
    ['linkedin.com/in/jane-doe', JANE],
    ['www.linkedin.com/in/jane-doe/', JANE],
    ['http://linkedin.com/in/jane-doe', JANE],
    ['HTTPS://WWW.LINKEDIN.COM/IN/Jane-Doe', JANE],
    ['https://uk.linkedin.com/in/jane-doe', JANE],
    ['https://fr.linkedin.com/in/jane-doe/?originalSubdomain=fr', JANE],
    ['https://m.linkedin.com/in/jane-doe#experience', JANE],
    ['https://www.linkedin.com/in/jane-doe/details/experience/', JANE],
    ['  https://www.linkedin.com/in/jane-doe?trk=public_profile  ', JANE],
    ['https://www.linkedin.com//in//jane-doe', JANE],
    [
      'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa',
      'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa',
    ],
    [
      'https://www.linkedin.com/in/José-García',
      'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa',
    ],
    [
      'https://www.linkedin.com/in/jose\u0301-garci\u0301a',
      'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa',
    ],
    [
      'https://www.linkedin.com/in/%E5%BC%A0%E4%BC%9F',
      'https://www.linkedin.com/in/%E5%BC%A0%E4%BC%9F',
    ],
    [`https://www.linkedin.com/in/${MEMBER_ID}`, `https://www.linkedin.com/in/${MEMBER_ID}`],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeLinkedinProfileUrl(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['jane-doe'],
    ['https://www.linkedin.com/in/'],
    ['https://www.linkedin.com/in/%20'],
    ['https://www.linkedin.com/in/..'],
    ['https://www.linkedin.com/in/%E0%A4%A'],
    ['https://www.linkedin.com/in/jane%0Adoe'],
    ['https://www.linkedin.com/in/jane doe'],
    ['https://www.linkedin.com/company/acme'],
    ['https://www.linkedin.com/sales/lead/ACwAAAB12345xyz,NAME_SEARCH,abc'],
    ['https://www.linkedin.com/pub/jane-doe/12/345/678'],
    ['https://www.linkedin.com/feed/'],
    ['https://linkedin.com.evil.com/in/jane-doe'],
    ['https://evil.com/www.linkedin.com/in/jane-doe'],
    ['https://notlinkedin.com/in/jane-doe'],
    ['ftp://www.linkedin.com/in/jane-doe'],
    ['javascript:alert(1)//linkedin.com/in/x'],
  ])('rejects %j', (raw) => {
    expect(normalizeLinkedinProfileUrl(raw)).toBeNull();
  });
});

describe('normalizeSalesNavigatorUrl', () => {
  const canonical = 'https://www.linkedin.com/sales/lead/ACwAAAB12345xyz';

  it.each([
    ['https://www.linkedin.com/sales/lead/ACwAAAB12345xyz,NAME_SEARCH,abc', canonical],
    ['linkedin.com/sales/lead/ACwAAAB12345xyz', canonical],
    [
      'https://www.linkedin.com/sales/people/ACwAAAB12345xyz,NAME_SEARCH,Xy1z?_ntb=abc#top',
      canonical,
    ],
    ['http://uk.linkedin.com/Sales/Lead/ACwAAAB12345xyz%2CNAME_SEARCH', canonical],
    ['https://www.linkedin.com/sales/lead/ACwAAAB12345xyz/', canonical],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeSalesNavigatorUrl(raw)).toBe(expected);
  });

  it('keeps the case of the member id', () => {
    expect(normalizeSalesNavigatorUrl('linkedin.com/sales/lead/acwaaab12345XYZ')).toBe(
      'https://www.linkedin.com/sales/lead/acwaaab12345XYZ',
    );
  });

  it.each([
    [''],
    ['https://www.linkedin.com/sales/lead/'],
    ['https://www.linkedin.com/sales/lead/,NAME_SEARCH'],
    ['https://www.linkedin.com/sales/company/1234'],
    ['https://www.linkedin.com/in/jane-doe'],
    ['https://evil.com/sales/lead/ACwAAAB12345xyz'],
    ['https://www.linkedin.com/sales/lead/AC%E0%A4%A'],
  ])('rejects %j', (raw) => {
    expect(normalizeSalesNavigatorUrl(raw)).toBeNull();
  });
});

describe('normalizeCompanyLinkedinUrl', () => {
  it.each([
    ['https://www.linkedin.com/company/acme', 'https://www.linkedin.com/company/acme'],
    ['linkedin.com/company/Acme-Corp/about/', 'https://www.linkedin.com/company/acme-corp'],
    ['http://uk.linkedin.com/company/acme/jobs?trk=x#y', 'https://www.linkedin.com/company/acme'],
    ['https://www.linkedin.com/company/1234', 'https://www.linkedin.com/company/1234'],
    [
      'https://www.linkedin.com/school/Stanford-University/',
      'https://www.linkedin.com/school/stanford-university',
    ],
    ['https://www.linkedin.com/showcase/Acme-Labs', 'https://www.linkedin.com/showcase/acme-labs'],
    [
      'https://www.linkedin.com/COMPANY/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale',
      'https://www.linkedin.com/company/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale',
    ],
    [
      'https://www.linkedin.com/company/Société-Générale',
      'https://www.linkedin.com/company/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale',
    ],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeCompanyLinkedinUrl(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['https://www.linkedin.com/company/'],
    ['https://www.linkedin.com/in/jane-doe'],
    ['https://www.linkedin.com/sales/company/1234'],
    ['https://www.linkedin.com/company/%E0%A4%A'],
    ['https://crunchbase.com/company/acme'],
  ])('rejects %j', (raw) => {
    expect(normalizeCompanyLinkedinUrl(raw)).toBeNull();
  });
});
