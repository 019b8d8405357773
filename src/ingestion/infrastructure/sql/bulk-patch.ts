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

/**
 * One `UPDATE ... FROM unnest(...)` for any number of rows. Each column travels with a "sent"
 * flag: a field an item did not send keeps its stored value, a sent null clears it.
 */
export async function applyBulkPatch(tx: SqlTransaction, patch: BulkPatch): Promise<void> {
  if (patch.rows.length === 0) return;
  const params = new UnnestParams(patch.accountId);
  const keys = patch.keyColumns.map((column, i) => ({
    column,
    ref: params.column(
      `k${i}`,
      'uuid',
      patch.rows.map((row) => row.keys[i]),
    ),
  }));
  const assignments = patch.columns.map(({ field, column, type }, i) => {
    const values = patch.rows.map((row) => row.fields.get(field) ?? null);
    const sent = params.column(
      `c${i}_sent`,
      'boolean',
      patch.rows.map((row) => row.fields.has(field)),
    );
    if (type === 'json-text-array') {
      const json = params.column(
        `c${i}`,
        'text',
        values.map((value) => (value === null ? null : JSON.stringify(value))),
      );
      const array = `(SELECT array_agg(e ORDER BY n) FROM jsonb_array_elements_text(${json}::jsonb) WITH ORDINALITY AS x(e, n))`;
      return `${column} = CASE WHEN ${sent} THEN ${array} ELSE t.${column} END`;
    }
    const value = params.column(`c${i}`, type, values);
    return `${column} = CASE WHEN ${sent} THEN ${value} ELSE t.${column} END`;
  });
  await tx.query(
    `UPDATE ${patch.table} AS t
        SET ${[...assignments, ...(patch.extra?.(params) ?? []), 'updated_at = now()'].join(',\n            ')}
       FROM ${params.from}
      WHERE t.account_id = $1 AND ${keys.map((k) => `t.${k.column} = ${k.ref}`).join(' AND ')}`,
    params.params,
  );
}
