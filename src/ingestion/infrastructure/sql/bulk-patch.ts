import { SqlTransaction } from '../../../shared/domain/sql-transaction';
import { SqlArrayType, UnnestParams } from './unnest-params';

/** How one patchable field is stored. `json-text-array` travels as JSON text and lands in `text[]`. */
export interface PatchColumn {
  field: string;
  column: string;
  type: SqlArrayType | 'json-text-array';
  /**
   * The `ON CONFLICT DO UPDATE` assignment of an upsert, given the proposed value
   * (`EXCLUDED.<column>`); the stored row is `t`. Default: the sent value replaces the stored one.
   */
  onConflict?: (excluded: string) => string;
}

export interface PatchRow {
  keys: readonly string[];
  fields: ReadonlyMap<string, unknown>;
}

export interface BulkPatch {
  table: string;
  accountId: string;
  /** Key columns after account_id, all uuid, in primary-key order. */
  keyColumns: readonly string[];
  columns: readonly PatchColumn[];
  rows: readonly PatchRow[];
  /** More `column = expression` assignments built on the same parameters. */
  extra?: (params: UnnestParams) => string[];
}

/** The SQL expression of one column's value for the current unnest row. */
function valueExpression(
  params: UnnestParams,
  column: PatchColumn,
  i: number,
  rows: readonly PatchRow[],
): string {
  const values = rows.map((row) => row.fields.get(column.field) ?? null);
  if (column.type === 'json-text-array') {
    const json = params.column(
      `c${i}`,
      'text',
      values.map((value) => (value === null ? null : JSON.stringify(value))),
    );
    return `(SELECT array_agg(e ORDER BY n) FROM jsonb_array_elements_text(${json}::jsonb) WITH ORDINALITY AS x(e, n))`;
  }
  return params.column(`c${i}`, column.type, values);
}

function keyRefs(params: UnnestParams, patch: Pick<BulkPatch, 'keyColumns' | 'rows'>) {
  return patch.keyColumns.map((column, i) => ({
    column,
    ref: params.column(
      `k${i}`,
      'uuid',
      patch.rows.map((row) => row.keys[i]),
    ),
  }));
}

/**
 * One `INSERT ... SELECT FROM unnest(...)` of new rows with their values (fields not sent are
 * NULL), so new rows are written once instead of inserted bare and then patched. With
 * `onConflictDoNothing`, returns the keys of the rows it inserted.
 */
export async function insertBulkRows(
  tx: SqlTransaction,
  patch: Omit<BulkPatch, 'extra'> & { onConflictDoNothing?: boolean },
): Promise<string[][]> {
  if (patch.rows.length === 0) return [];
  const params = new UnnestParams([patch.accountId]);
  const keys = keyRefs(params, patch);
  const values = patch.columns.map((column, i) => valueExpression(params, column, i, patch.rows));
  const conflict = patch.onConflictDoNothing
    ? `ON CONFLICT (account_id, ${patch.keyColumns.join(', ')}) DO NOTHING
       RETURNING ${patch.keyColumns.join(', ')}`
    : '';
  const inserted = await tx.query<Record<string, string>[]>(
    `INSERT INTO ${patch.table} (account_id, ${[...patch.keyColumns, ...patch.columns.map((c) => c.column)].join(', ')})
     SELECT $1, ${[...keys.map((k) => k.ref), ...values].join(', ')}
       FROM ${params.from}
     ${conflict}`,
    params.params,
  );
  return patch.onConflictDoNothing
    ? inserted.map((row) => patch.keyColumns.map((column) => row[column]))
    : [];
}

/**
 * One `UPDATE ... FROM unnest(...)` for any number of rows. Each column travels with a "sent"
 * flag: a field an item did not send keeps its stored value, a sent null clears it.
 */
export async function applyBulkPatch(tx: SqlTransaction, patch: BulkPatch): Promise<void> {
  if (patch.rows.length === 0) return;
  const params = new UnnestParams([patch.accountId]);
  const keys = keyRefs(params, patch);
  const assignments = patch.columns.map((column, i) => {
    const sent = params.column(
      `c${i}_sent`,
      'boolean',
      patch.rows.map((row) => row.fields.has(column.field)),
    );
    const value = valueExpression(params, column, i, patch.rows);
    return `${column.column} = CASE WHEN ${sent} THEN ${value} ELSE t.${column.column} END`;
  });
  await tx.query(
    `UPDATE ${patch.table} AS t
        SET ${[...assignments, ...(patch.extra?.(params) ?? []), 'updated_at = now()'].join(',\n            ')}
       FROM ${params.from}
      WHERE t.account_id = $1 AND ${keys.map((k) => `t.${k.column} = ${k.ref}`).join(' AND ')}`,
    params.params,
  );
}

/**
 * (Each shape locks its rows in key order, but two shapes of one batch are not ordered with each
 * other, so two concurrent multi-shape batches over the same rows can deadlock; the transaction
 * runner re-runs the loser.)
 *
 * Rows of one upsert are written by one statement per *shape* (the set of fields they sent):
 * automation tools send the same columns on every item, so a batch is usually one statement. A
 * batch with more shapes than this is written by the two-statement path instead.
 */
export const MAX_UPSERT_SHAPES = 4;

/**
 * New and existing rows in one `INSERT ... SELECT FROM unnest(...) ON CONFLICT ... DO UPDATE` per
 * shape. Each statement lists only the fields its rows sent, so unsent fields keep their stored
 * value (or the column default on insert) and a sent null clears. Existing rows are found by the
 * conflict check, a probe of the primary key per row: unlike `UPDATE ... FROM`, the cost never
 * depends on the planner's estimate of how many rows the account holds.
 *
 * Returns the statements (built on `newParams()`, `$1` being the account id), or null when the
 * rows have more than MAX_UPSERT_SHAPES shapes.
 */
export function upsertStatements(
  upsert: Omit<BulkPatch, 'extra' | 'accountId'>,
  newParams: () => UnnestParams,
): string[] | null {
  // A shape is written as one flag character per column: "1" sent, "0" not sent.
  const shapes = new Map<string, PatchRow[]>();
  for (const row of upsert.rows) {
    let shape = '';
    for (const column of upsert.columns) shape += row.fields.has(column.field) ? '1' : '0';
    const rows = shapes.get(shape);
    if (rows) rows.push(row);
    else shapes.set(shape, [row]);
    if (shapes.size > MAX_UPSERT_SHAPES) return null;
  }
  return [...shapes].map(([shape, rows]) => {
    const columns = upsert.columns.filter((_, i) => shape[i] === '1');
    const params = newParams();
    const keys = keyRefs(params, { keyColumns: upsert.keyColumns, rows });
    const values = columns.map((column, i) => valueExpression(params, column, i, rows));
    const assignments = columns.map((column) => {
      const excluded = `EXCLUDED.${column.column}`;
      return `${column.column} = ${column.onConflict?.(excluded) ?? excluded}`;
    });
    return `INSERT INTO ${upsert.table} AS t (account_id, ${[...upsert.keyColumns, ...columns.map((c) => c.column)].join(', ')})
       SELECT $1, ${[...keys.map((k) => k.ref), ...values].join(', ')}
         FROM ${params.from}
       ON CONFLICT (account_id, ${upsert.keyColumns.join(', ')})
       DO UPDATE SET ${[...assignments, 'updated_at = now()'].join(', ')}`;
  });
}
