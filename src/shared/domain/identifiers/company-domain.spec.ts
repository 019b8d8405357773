import { normalizeCompanyDomain } from './company-domain';

describe('normalizeCompanyDomain', () => {
  it.each([
    ['HTTPS://WWW.Acme.COM:443/about?x=1', 'acme.com'],
    ['acme.com', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['http://acme.com#team', 'acme.com'],
    ['//acme.com/path', 'acme.com'],
    ['https://user:secret@acme.com/', 'acme.com'],
    ['sub.acme.co.uk', 'sub.acme.co.uk'],
    ['shop.www.acme.com', 'shop.www.acme.com'],
    ['www.com', 'www.com'],
    ['  Acme.IO  ', 'acme.io'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['https://xn--bcher-kva.de/katalog', 'xn--bcher-kva.de'],
    ['acme.com\\path', 'acme.com'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeCompanyDomain(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['  '],
    ['acme'],
    ['localhost'],
    ['192.168.1.1'],
    ['http://10.0.0.1:8080/'],
    ['[::1]'],
    ['https://[2001:db8::1]/'],
    ['acme..com'],
    ['-acme.com'],
    ['acme-.com'],
    ['ac_me.com'],
    ['acme com'],
    [`${'a'.repeat(64)}.com`],
    ['acme.com:http'],
    ['%E0%A4%A.com'],
  ])('rejects %j', (raw) => {
    expect(normalizeCompanyDomain(raw)).toBeNull();
  });
});
