import { DomainError, DomainErrorCode } from './domain-error';

/** How one query parameter of a list route is normalised (the ingestion normaliser of its field). */
export type FilterNormalizers<K extends string> = Record<K, (raw: string) => string | null>;

/**
 * The single identifier filter of a list request, normalised exactly like ingestion does, so a
 * lookup with any variant of an identifier finds the record. More than one filter, or a value
 * that is not valid for its field, is an invalid request.
 */
export function readFilter<K extends string>(
  query: Partial<Record<K, string>>,
  normalizers: FilterNormalizers<K>,
): { kind: K; value: string } | undefined {
  const kinds = (Object.keys(normalizers) as K[]).filter(
    (kind) => query[kind] !== undefined && query[kind] !== '',
  );
  if (kinds.length > 1) {
    throw new DomainError(
      DomainErrorCode.InvalidInput,
      `Use at most one filter (got ${kinds.join(', ')})`,
    );
  }
  const kind = kinds[0];
  if (kind === undefined) return undefined;
  const value = normalizers[kind](query[kind] as string);
  if (value === null) {
    throw new DomainError(DomainErrorCode.InvalidInput, `${kind} is not a valid value of its kind`);
  }
  return { kind, value };
}
