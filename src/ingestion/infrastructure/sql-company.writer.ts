import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { NormalizedValue } from '../domain/patch-fold';
import { CompanyChange } from '../domain/plan-batch';
import {
  applyBulkPatch,
  insertBulkRows,
  PatchColumn,
  PatchRow,
  upsertStatements,
} from './sql/bulk-patch';
import { CombinedWrite } from './sql/combined-write';
import { UnnestParams } from './sql/unnest-params';

const COLUMNS: PatchColumn[] = [
  { field: 'unified_company_id', column: 'unified_company_id', type: 'text' },
  { field: 'company_domain', column: 'domain', type: 'text' },
  { field: 'company_linkedin_url', column: 'linkedin_url', type: 'text' },
  { field: 'company_name', column: 'name', type: 'text' },
  { field: 'company_country', column: 'country', type: 'text' },
  { field: 'company_employee_range', column: 'employee_range', type: 'text' },
  { field: 'company_industry', column: 'industry', type: 'text' },
  { field: 'company_description', column: 'description', type: 'text' },
  { field: 'company_employee_count', column: 'employee_count', type: 'integer' },
];

/**
 * The normalised name and industry as upsert columns: a `set` value is written with its override
 * flag; a `derived` one (field `<column>~derived`) replaces the stored value only if that is not
 * an override, and leaves the flag alone (false on insert).
 */
const NORMALIZED_COLUMNS: PatchColumn[] = ['normalized_name', 'normalized_industry'].flatMap(
  (column): PatchColumn[] => [
    { field: column, column, type: 'text' },
    { field: `${column}_overridden`, column: `${column}_overridden`, type: 'boolean' },
    {
      field: `${column}~derived`,
      column,
      type: 'text',
      onConflict: (excluded) =>
        `CASE WHEN t.${column}_overridden THEN t.${column} ELSE ${excluded} END`,
    },
  ],
);

function upsertRow(change: CompanyChange): PatchRow {
  const fields = new Map<string, unknown>(change.fields);
  const normalized: [string, NormalizedValue | undefined][] = [
    ['normalized_name', change.normalizedName],
    ['normalized_industry', change.normalizedIndustry],
  ];
  for (const [column, value] of normalized) {
    if (value?.mode === 'set') {
      fields.set(column, value.value);
      fields.set(`${column}_overridden`, value.overridden);
    } else if (value?.mode === 'derived') {
      fields.set(`${column}~derived`, value.value);
    }
  }
  return { keys: [change.id], fields };
}

/**
 * `derived` values apply only where the stored value is not an override; `set` values apply
 * unconditionally and say whether they are an override.
 */
function normalizedAssignments(
  params: UnnestParams,
  column: string,
  values: (NormalizedValue | undefined)[],
): string[] {
  const mode = params.column(
    `${column}_mode`,
    'text',
    values.map((v) => v?.mode ?? null),
  );
  const value = params.column(
    column,
    'text',
    values.map((v) => v?.value ?? null),
  );
  const overridden = params.column(
    `${column}_overridden`,
    'boolean',
    values.map((v) => (v?.mode === 'set' ? v.overridden : null)),
  );
  const flag = `${column}_overridden`;
  return [
    `${column} = CASE ${mode} WHEN 'set' THEN ${value}
                 WHEN 'derived' THEN CASE WHEN t.${flag} THEN t.${column} ELSE ${value} END
                 ELSE t.${column} END`,
    `${flag} = CASE WHEN ${mode} = 'set' THEN ${overridden} ELSE t.${flag} END`,
  ];
}

/** The SQL of the company tables, for SqlPlanWriter. */
export class SqlCompanyWriter {
  /** One change per company of the batch; those in `newIds` are created. */
  async upsert(
    tx: SqlTransaction,
    write: CombinedWrite,
    accountId: string,
    changes: readonly CompanyChange[],
    newIds: ReadonlySet<string>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const statements = upsertStatements(
      {
        table: 'companies',
        keyColumns: ['id'],
        columns: [...COLUMNS, ...NORMALIZED_COLUMNS],
        rows: changes.map(upsertRow),
      },
      () => write.unnest(),
    );
    // Many shapes: insert the new companies bare, then patch every company of the batch.
    await write.addUpsertsOr(tx, statements, async () => {
      await insertBulkRows(tx, {
        table: 'companies',
        accountId,
        keyColumns: ['id'],
        columns: [],
        rows: changes
          .filter((change) => newIds.has(change.id))
          .map((change) => ({ keys: [change.id], fields: new Map() })),
      });
      await applyBulkPatch(tx, {
        table: 'companies',
        accountId,
        keyColumns: ['id'],
        columns: COLUMNS,
        rows: changes.map((change) => ({ keys: [change.id], fields: change.fields })),
        extra: (params) => [
          ...normalizedAssignments(
            params,
            'normalized_name',
            changes.map((c) => c.normalizedName),
          ),
          ...normalizedAssignments(
            params,
            'normalized_industry',
            changes.map((c) => c.normalizedIndustry),
          ),
        ],
      });
    });
  }
}
