/**
 * The one thing a repository needs from an open transaction: run a parameterised statement.
 * TypeORM's EntityManager satisfies it structurally, so ports stay free of ORM imports.
 */
export interface SqlTransaction {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T>;
}
