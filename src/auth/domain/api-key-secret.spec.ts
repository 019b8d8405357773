import {
  API_KEY_PREFIX,
  generateApiKey,
  hashApiKey,
  looksLikeApiKey,
  secretsEqual,
} from './api-key-secret';

describe('api key secrets', () => {
  it('generates prefixed keys with at least 128 random bits that hash to their stored hash', () => {
    const sut = generateApiKey();
    expect(sut.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(
      Buffer.from(sut.key.slice(API_KEY_PREFIX.length), 'base64url').length * 8,
    ).toBeGreaterThanOrEqual(128);
    expect(sut.hash.equals(hashApiKey(sut.key))).toBe(true);
    expect(sut.key.startsWith(sut.prefix)).toBe(true);
    expect(sut.prefix.length).toBeLessThan(sut.key.length / 2);
  });

  it('never generates the same key twice', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey().key));
    expect(keys.size).toBe(1000);
  });

  it.each([
    ['', false],
    ['oik_short', false],
    ['sk_' + 'a'.repeat(43), false],
    ['oik_' + 'a'.repeat(43), true],
    ['oik_' + 'a'.repeat(42) + ' ', false],
  ])('recognises the shape of %j as %s', (value, expected) => {
    expect(looksLikeApiKey(value)).toBe(expected);
  });

  it('compares secrets of different lengths without throwing', () => {
    expect(secretsEqual('a', 'a')).toBe(true);
    expect(secretsEqual('a', 'ab')).toBe(false);
  });
});
