import { DomainError, DomainErrorCode } from './domain-error';
import { decodeCursor, DEFAULT_PAGE_SIZE, PageRequest } from './page';

/** The page a list request asks for; an unknown cursor is an invalid request. */
export function pageRequest(limit: number | undefined, cursor: string | undefined): PageRequest {
  if (cursor === undefined || cursor === '') return { limit: limit ?? DEFAULT_PAGE_SIZE };
  const after = decodeCursor(cursor);
  if (after === null) {
    throw new DomainError(DomainErrorCode.InvalidInput, 'cursor is not a cursor this API issued');
  }
  return { limit: limit ?? DEFAULT_PAGE_SIZE, after };
}
