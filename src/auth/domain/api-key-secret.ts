import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every account key starts with this, so a leaked key is recognisable in logs and scanners. */
export const API_KEY_PREFIX = 'oik_';
const SECRET_BYTES = 32; // 256 random bits
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export interface NewApiKeySecret {
  /** The full key: shown to its owner once, never stored. */
  key: string;
  /** The start of the key, stored and listed so a person can tell keys apart. */
  prefix: string;
  hash: Buffer;
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function generateApiKey(): NewApiKeySecret {
  const key = API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  return { key, prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** Cheap shape check so obviously wrong headers never reach the database. */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{40,100}$/.test(value);
}

/** Compares two secrets in time independent of where they differ. */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(hashApiKey(given), hashApiKey(expected));
}
