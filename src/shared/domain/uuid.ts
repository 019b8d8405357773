const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID in PostgreSQL's text form (lower case), as the ids this service issues are. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
