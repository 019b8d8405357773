export type SqlArrayType = 'text' | 'uuid' | 'integer' | 'smallint' | 'boolean';

/**
 * Builds `unnest($2::uuid[], $3::text[], ...) AS s(id, name, ...)`: one typed array parameter per
 * column, so a statement carries any number of rows with a fixed text and parameter count.
 */
export class UnnestParams {
  readonly params: unknown[];
  private readonly args: string[] = [];
  private readonly aliases: string[] = [];

  constructor(...leading: unknown[]) {
    this.params = [...leading];
  }

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
