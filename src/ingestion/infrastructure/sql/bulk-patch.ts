import { SqlTransaction } from '../../../shared/domain/sql-transaction';
import { SqlArrayType, UnnestParams } from './unnest-params';

/** How one patchable field is stored. `json-text-array` travels as JSON text and lands in `text[]`. */
export interface PatchColumn {
  field: string;
  column: string;
  type: SqlArrayType | 'json-text-array';
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
  const params = new UnnestParams(patch.accountId);
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
  const params = new UnnestParams(patch.accountId);
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
