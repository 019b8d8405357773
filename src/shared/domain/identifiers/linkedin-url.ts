const CANONICAL_ORIGIN = 'https://www.linkedin.com';
const MAX_URL_LENGTH = 2048;
const MAX_SLUG_LENGTH = 200;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const FORBIDDEN_IN_SLUG = /[\s\p{C}/?#]/u;
// Profile URLs built from a member id ("/in/ACoAAB...") are case-sensitive, unlike vanity slugs.
const MEMBER_ID_SLUG = /^AC[ow]A[A-Za-z0-9_-]{20,}$/;
const SALES_MEMBER_ID = /^[A-Za-z0-9_-]{1,200}$/;
const ORGANISATION_KINDS = new Set(['company', 'school', 'showcase']);

/**
 * `/pub/<name>/...` public profiles are rejected: their `/in/` slug cannot be derived from
 * the old URL, so accepting them would create identities that never match the real one.
 */
export function normalizeLinkedinProfileUrl(raw: string): string | null {
  const [kind, slug] = linkedinPathSegments(raw);
  if (kind?.toLowerCase() !== 'in' || slug === undefined) {
    return null;
  }
  const decoded = safeDecode(slug);
  const canonicalSlug =
    decoded !== undefined && MEMBER_ID_SLUG.test(decoded) ? decoded : canonicalVanitySlug(slug);
  return canonicalSlug === null ? null : `${CANONICAL_ORIGIN}/in/${canonicalSlug}`;
}

export function normalizeSalesNavigatorUrl(raw: string): string | null {
  const [sales, kind, leadKey] = linkedinPathSegments(raw);
  if (sales?.toLowerCase() !== 'sales' || leadKey === undefined) {
    return null;
  }
  if (kind?.toLowerCase() !== 'lead' && kind?.toLowerCase() !== 'people') {
    return null;
  }
  // "<memberId>,NAME_SEARCH,abc": the trailing parts describe the search, not the person.
  const memberId = safeDecode(leadKey)?.split(',', 1)[0] ?? '';
  return SALES_MEMBER_ID.test(memberId) ? `${CANONICAL_ORIGIN}/sales/lead/${memberId}` : null;
}

/** Schools and showcase pages keep their own path: they are different LinkedIn pages. */
export function normalizeCompanyLinkedinUrl(raw: string): string | null {
  const [kind, slug] = linkedinPathSegments(raw);
  const lowerKind = kind?.toLowerCase();
  if (lowerKind === undefined || !ORGANISATION_KINDS.has(lowerKind) || slug === undefined) {
    return null;
  }
  const canonicalSlug = canonicalVanitySlug(slug);
  return canonicalSlug === null ? null : `${CANONICAL_ORIGIN}/${lowerKind}/${canonicalSlug}`;
}

/** Non-empty, still percent-encoded path segments of a linkedin.com URL; [] for anything else. */
function linkedinPathSegments(raw: string): string[] {
  const value = raw.trim();
  // The URL parser silently drops tabs and newlines inside a URL; treat them as invalid instead.
  if (value.length === 0 || value.length > MAX_URL_LENGTH || /[\s\p{C}]/u.test(value)) {
    return [];
  }
  let url: URL;
  try {
    url = new URL(SCHEME.test(value) ? value : `https://${value}`);
  } catch {
    return [];
  }
  const isLinkedinHost = url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com');
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !isLinkedinHost) {
    return [];
  }
  return url.pathname.split('/').filter((segment) => segment.length > 0);
}

/** Decodes, NFC-normalises and lower-cases, then re-encodes so equal slugs compare equal. */
function canonicalVanitySlug(encoded: string): string | null {
  const slug = safeDecode(encoded)?.normalize('NFC').toLowerCase().normalize('NFC');
  if (
    slug === undefined ||
    slug.length > MAX_SLUG_LENGTH ||
    FORBIDDEN_IN_SLUG.test(slug) ||
    // Also rules out "." and "..", which the URL parser would resolve away on the next parse.
    !/[\p{L}\p{N}]/u.test(slug)
  ) {
    return null;
  }
  return encodeURIComponent(slug);
}

function safeDecode(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
