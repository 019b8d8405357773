export type SqlArrayType = 'text' | 'uuid' | 'integer' | 'smallint' | 'boolean';

/**
 * Builds `unnest($2::uuid[], $3::text[], ...) AS s(id, name, ...)`: one typed array parameter per
 * column, so a statement carries any number of rows with a fixed text and parameter count.
 * Several instances may number their parameters in one shared list (one statement, many CTEs).
 */
export class UnnestParams {
  private readonly args: string[] = [];
  private readonly aliases: string[] = [];

  /** `params` holds the statement's parameters so far (`$1` is usually the account id). */
  constructor(readonly params: unknown[]) {}

  /** Adds one column; returns its qualified name `s.<alias>`. */
  column(alias: string, type: SqlArrayType, values: readonly unknown[]): string {
    this.params.push(values);
    this.args.push(`$${this.params.length}::${type}[]`);
    this.aliases.push(alias);
    return `s.${alias}`;
  }

  /** The FROM item: `unnest(...) AS s(...)`. */
  get from(): string {
    return `unnest(${this.args.join(', ')}) AS s(${this.aliases.join(', ')})`;
  }
}
