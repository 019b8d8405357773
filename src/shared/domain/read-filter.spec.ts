import { DomainError } from './domain-error';
import { readFilter } from './read-filter';

const normalizers = {
  email: (raw: string) => (raw.includes('@') ? raw.trim().toLowerCase() : null),
  id: (raw: string) => raw.trim() || null,
};

describe('readFilter', () => {
  it('normalises the one filter given', () => {
    expect(readFilter({ email: ' A@X.com ' }, normalizers)).toEqual({
      kind: 'email',
      value: 'a@x.com',
    });
  });

  it('treats no filter and empty values as no filter', () => {
    expect(readFilter({}, normalizers)).toBeUndefined();
    expect(readFilter({ email: '' }, normalizers)).toBeUndefined();
  });

  it.each([[{ email: 'a@x.com', id: '1' }], [{ email: 'nope' }]])('rejects %j', (query) => {
    expect(() => readFilter(query, normalizers)).toThrow(DomainError);
  });
});
