import { normalizeUnifiedId } from './unified-id';

describe('normalizeUnifiedId', () => {
  it.each([
    ['abc-123', 'abc-123'],
    ['  CaseKept_42 ', 'CaseKept_42'],
    ['a b', 'a b'],
    ['a\u0000b', 'a\u0000b'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeUnifiedId(raw)).toBe(expected);
  });

  it.each([[''], ['   '], ['\t\n']])('rejects %j', (raw) => {
    expect(normalizeUnifiedId(raw)).toBeNull();
  });
});
