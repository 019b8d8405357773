/**
 * The one thing a repository needs from an open transaction: run a parameterised statement.
 * TypeORM's EntityManager satisfies it structurally, so ports stay free of ORM imports.
 */
export interface SqlTransaction {
  /**
   * `commit`: the transaction's last statement; an adapter may send COMMIT right behind it
   * (the caller then sends nothing more). A failing statement still rejects, and nothing of the
   * transaction is committed. Adapters without the option commit when the work ends, as always.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(sql: string, parameters?: unknown[], options?: { commit?: boolean }): Promise<T>;
}
