import { toAsciiHostname } from './hostname';

const MAX_LOCAL_PART_OCTETS = 64;
const MAX_ADDRESS_OCTETS = 254;
// Whitespace, control/unassigned/surrogate code points and the RFC 5322 specials that only
// appear in quoted or display-name forms, which automation tools never send on purpose.
const FORBIDDEN_IN_LOCAL_PART = /[\s\p{C}<>()[\]\\,;:"]/u;
// IDN TLDs arrive as punycode ("xn--p1ai"), which is letters in its Unicode form.
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/;

export function normalizeEmail(raw: string): string | null {
  const value = raw.normalize('NFC').trim().toLowerCase().normalize('NFC');
  if (value.length === 0 || value.length > 4 * MAX_ADDRESS_OCTETS) {
    return null;
  }
  const parts = value.split('@');
  if (parts.length !== 2) {
    return null;
  }
  const [local = '', unicodeDomain = ''] = parts;
  if (!isPlausibleLocalPart(local)) {
    return null;
  }
  // Punycode makes "müller.de" and its look-alike spellings one identity, not two.
  const domain = toAsciiHostname(unicodeDomain);
  if (domain === null || !TLD.test(domain.slice(domain.lastIndexOf('.') + 1))) {
    return null;
  }
  const address = `${local}@${domain}`;
  return Buffer.byteLength(address, 'utf8') <= MAX_ADDRESS_OCTETS ? address : null;
}

function isPlausibleLocalPart(local: string): boolean {
  return (
    local.length > 0 &&
    Buffer.byteLength(local, 'utf8') <= MAX_LOCAL_PART_OCTETS &&
    !FORBIDDEN_IN_LOCAL_PART.test(local) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..')
  );
}
