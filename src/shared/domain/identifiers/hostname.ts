import { domainToASCII } from 'node:url';

const MAX_HOSTNAME_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// domainToASCII parses its input like a URL host, so "acme.com/x" would come back as
// "acme.com": refuse every ASCII character that cannot appear in a hostname first.
const NON_HOSTNAME_ASCII = /[\x00-\x2c\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/;

/**
 * Converts a (possibly internationalised) hostname to its lower-case punycode form, or null
 * when it is not a public-looking DNS name (needs a dot; an all-numeric TLD means an IP).
 */
export function toAsciiHostname(host: string): string | null {
  if (host.length === 0 || host.length > 4 * MAX_HOSTNAME_LENGTH || NON_HOSTNAME_ASCII.test(host)) {
    return null;
  }
  const ascii = domainToASCII(host);
  if (ascii.length === 0 || ascii.length > MAX_HOSTNAME_LENGTH) {
    return null;
  }
  const labels = ascii.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || /^[0-9]+$/.test(tld) || !labels.every((label) => LABEL.test(label))) {
    return null;
  }
  return ascii;
}
