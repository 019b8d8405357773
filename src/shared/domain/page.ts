import { isUuid } from './uuid';

/** Keyset pagination shared by the read APIs: rows ordered by id, the cursor names the last one. */
export interface PageRequest {
  limit: number;
  /** Return rows with an id greater than this one. */
  after?: string;
}

export interface Page<T> {
  items: T[];
  /** The id to continue after, or null on the last page. */
  nextAfter: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** The cursor is opaque to clients: base64url of the last id of the page. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

/** The id a cursor names, or null when it is not a cursor this service issued. */
export function decodeCursor(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : null;
}

/** Builds the page from up to `limit + 1` rows fetched in id order. */
export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  return {
    items,
    nextAfter: rows.length > limit ? (items[items.length - 1]?.id ?? null) : null,
  };
}
