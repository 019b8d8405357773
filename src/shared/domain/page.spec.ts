import { decodeCursor, encodeCursor, toPage } from './page';

describe('page cursor', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('round-trips an id', () => {
    expect(decodeCursor(encodeCursor(id))).toBe(id);
  });

  it.each([[''], ['garbage'], [encodeCursor('not-a-uuid')], ['%%%']])('rejects %j', (cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });

  it('continues after the last item only when a row beyond the page was fetched', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(toPage(rows, 2)).toEqual({ items: rows.slice(0, 2), nextAfter: 'b' });
    expect(toPage(rows, 3)).toEqual({ items: rows, nextAfter: null });
  });
});
