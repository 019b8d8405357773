import { ApiKeyCache, KeyLookup } from './api-key-cache';

const lookup = (accountId: string): KeyLookup => ({
  accountId,
  apiKeyId: `${accountId}-key`,
  lastUsedAt: null,
});

describe('ApiKeyCache', () => {
  let now = 0;
  const cache = (maxAgeMs = 30_000, maxEntries = 3) => {
    const sut = new ApiKeyCache(maxAgeMs, maxEntries, () => now);
    sut.setTrusted(true);
    return sut;
  };

  beforeEach(() => (now = 1_000));

  it('returns what it was given', () => {
    const sut = cache();
    sut.remember('h1', lookup('a'), sut.generation());
    expect(sut.get('h1')).toEqual(lookup('a'));
    expect(sut.get('h2')).toBeUndefined();
  });

  it('holds nothing while changes are not heard, and forgets everything when they stop', () => {
    const sut = cache();
    sut.remember('h1', lookup('a'), sut.generation());
    sut.setTrusted(false);
    expect(sut.get('h1')).toBeUndefined();
    sut.remember('h2', lookup('b'), sut.generation());
    sut.setTrusted(true);
    expect(sut.get('h2')).toBeUndefined();
  });

  it('does not store a lookup that started before a change', () => {
    const sut = cache();
    const before = sut.generation();
    sut.invalidate();
    sut.remember('h1', lookup('a'), before);
    expect(sut.get('h1')).toBeUndefined();
  });

  it('forgets everything on a change', () => {
    const sut = cache();
    sut.remember('h1', lookup('a'), sut.generation());
    sut.invalidate();
    expect(sut.get('h1')).toBeUndefined();
  });

  it('expires entries after their maximum age', () => {
    const sut = cache(5_000);
    sut.remember('h1', lookup('a'), sut.generation());
    now += 4_999;
    expect(sut.get('h1')).toBeDefined();
    now += 1;
    expect(sut.get('h1')).toBeUndefined();
  });

  it('is off with a maximum age of 0', () => {
    const sut = cache(0);
    sut.remember('h1', lookup('a'), sut.generation());
    expect(sut.enabled).toBe(false);
    expect(sut.get('h1')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const sut = cache(30_000, 2);
    for (const hash of ['h1', 'h2', 'h3']) sut.remember(hash, lookup(hash), sut.generation());
    expect(sut.get('h1')).toBeUndefined();
    expect(sut.get('h2')).toBeDefined();
    expect(sut.get('h3')).toBeDefined();
  });
});
