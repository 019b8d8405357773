import { toAsciiHostname } from './hostname';

const SCHEME = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;
const PORT = /:[0-9]*$/;

export function normalizeCompanyDomain(raw: string): string | null {
  const value = raw.trim();
  if (value.length === 0 || /[\s\p{C}]/u.test(value)) {
    return null;
  }
  const authority = value.replace(SCHEME, '').split(/[/?#\\]/, 1)[0] ?? '';
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostAndPort.replace(PORT, '').replace(/\.$/, '');
  let domain = toAsciiHostname(host);
  // Only a leading "www." is noise; "www.com" itself is a domain, so keep at least one dot.
  while (domain?.startsWith('www.') && domain.indexOf('.', 4) !== -1) {
    domain = domain.slice(4);
  }
  return domain;
}
