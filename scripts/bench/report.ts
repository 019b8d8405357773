/**
 * The printed result: a table of every figure against the floors of issue 5, then the BENCH line.
 * Targets are reported, never asserted: a missed target does not change the exit code.
 */
import { BatchFigures, GrowthFigures, SingleFigures } from './phases';

export interface Figures {
  batch: BatchFigures;
  single: SingleFigures;
  /** Diagnostic: phase 3's load on the ingestion code behind bare node:http. */
  singleBareHttp: SingleFigures;
  sendersItemsPerS: number;
  growth: GrowthFigures;
  peakRssMb: number;
}

/** The floors of issue 5 on its 2-core machine. */
export const TARGETS = {
  ratio: 0.5,
  singleRps: 2_000,
  singleP99Ms: 50,
  sendersItemsPerS: 10_000,
  flatness: 1.25,
  peakRssMb: 400,
  requestRssMb: 200,
};

interface Row {
  phase: string;
  figure: string;
  value: string;
  unit: string;
  target: string;
  result: string;
}

const num = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const atLeast = (value: number, floor: number) => (value >= floor ? 'pass' : 'FAIL');
const atMost = (value: number, ceiling: number) => (value <= ceiling ? 'pass' : 'FAIL');

/** max/min of the values: 1.00 is perfectly flat. */
export function flatness(values: number[]): number {
  return Math.max(...values) / Math.min(...values);
}

function compactCount(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);
}

function rows(f: Figures, storedLeads: number[], skippedStored: number[]): Row[] {
  const ratio = f.batch.eventsItemsPerS / f.batch.rawItemsPerS;
  const row = (phase: string, figure: string, value: string, unit = '', target = '', result = '') =>
    ({ phase, figure, value, unit, target, result }) satisfies Row;
  const table: Row[] = [
    row('1 limit (hand-written SQL)', 'throughput', num(f.batch.rawItemsPerS), 'items/s'),
    row('2 batch ingest', 'throughput', num(f.batch.eventsItemsPerS), 'items/s'),
    row(
      '  POST /v1/events',
      'ratio to the limit',
      num(ratio, 2),
      '',
      `≥ ${num(TARGETS.ratio, 2)}`,
      atLeast(ratio, TARGETS.ratio),
    ),
    row(
      '3 single-item requests',
      'throughput',
      num(f.single.requestsPerSecond),
      'req/s',
      `≥ ${num(TARGETS.singleRps)}`,
      atLeast(f.single.requestsPerSecond, TARGETS.singleRps),
    ),
    row('  64 connections', 'latency p50', num(f.single.p50Ms, 1), 'ms'),
    row(
      '',
      'latency p99',
      num(f.single.p99Ms, 1),
      'ms',
      `≤ ${TARGETS.singleP99Ms}`,
      atMost(f.single.p99Ms, TARGETS.singleP99Ms),
    ),
    row(
      '',
      'non-2xx responses',
      num(f.single.non2xx),
      '',
      '0',
      f.single.non2xx === 0 ? 'pass' : 'FAIL',
    ),
    row(
      '  diagnostic:',
      'same code behind bare node:http',
      num(f.singleBareHttp.requestsPerSecond),
      'req/s',
    ),
    row('  no Nest, Express', 'latency p99', num(f.singleBareHttp.p99Ms, 1), 'ms'),
    row(
      '4 senders',
      'throughput',
      num(f.sendersItemsPerS),
      'items/s',
      `≥ ${num(TARGETS.sendersItemsPerS)}`,
      atLeast(f.sendersItemsPerS, TARGETS.sendersItemsPerS),
    ),
  ];
  for (const [size, ms] of f.growth.msPerItemBySize) {
    table.push(row(size === 1 ? '5 growth' : '', `batch of ${num(size)}`, num(ms, 3), 'ms/item'));
  }
  const bySize = [100, 1_000, 10_000].map((size) => f.growth.msPerItemBySize.get(size) ?? NaN);
  const sizeFlatness = flatness(bySize);
  table.push(
    row(
      '',
      'flatness 100 → 10,000 (max/min)',
      num(sizeFlatness, 2),
      '',
      `≤ ${TARGETS.flatness}`,
      atMost(sizeFlatness, TARGETS.flatness),
    ),
  );
  for (const stored of storedLeads) {
    const ms = f.growth.msPerItemByStored.get(stored);
    const label = `${compactCount(stored)} leads stored (1,000/batch)`;
    table.push(
      ms === undefined
        ? row('', label, 'skipped (--quick)')
        : row('', label, num(ms, 3), 'ms/item'),
    );
  }
  const [first, last] = [storedLeads[0], storedLeads[storedLeads.length - 1]];
  const storedLabel = `flatness ${compactCount(first)} → ${compactCount(last)} (max/min)`;
  if (skippedStored.length > 0) {
    table.push(row('', storedLabel, 'skipped (--quick)', '', `≤ ${TARGETS.flatness}`));
  } else {
    const storedFlatness = flatness([...f.growth.msPerItemByStored.values()]);
    table.push(
      row(
        '',
        storedLabel,
        num(storedFlatness, 2),
        '',
        `≤ ${TARGETS.flatness}`,
        atMost(storedFlatness, TARGETS.flatness),
      ),
    );
  }
  const { rssAddedMb, rssBeforeMb, rssPeakMb } = f.growth;
  table.push(
    row(
      '6 service memory',
      'peak RSS (VmHWM)',
      num(f.peakRssMb),
      'MB',
      `≤ ${TARGETS.peakRssMb}`,
      atMost(f.peakRssMb, TARGETS.peakRssMb),
    ),
    row(
      '',
      `one 10,000-item request adds (${num(rssBeforeMb)} → ${num(rssPeakMb)})`,
      num(rssAddedMb),
      'MB',
      `≤ ${TARGETS.requestRssMb}`,
      atMost(rssAddedMb, TARGETS.requestRssMb),
    ),
  );
  return table;
}

function formatTable(table: Row[]): string {
  const columns: (keyof Row)[] = ['phase', 'figure', 'value', 'unit', 'target', 'result'];
  const header: Row = {
    phase: 'phase',
    figure: 'figure',
    value: 'value',
    unit: 'unit',
    target: 'target',
    result: 'result',
  };
  const width = (column: keyof Row) => Math.max(...[header, ...table].map((r) => r[column].length));
  const line = (r: Row) =>
    columns
      .map((c) => (c === 'value' ? r[c].padStart(width(c)) : r[c].padEnd(width(c))))
      .join('  ')
      .trimEnd();
  const rule = columns.map((c) => '-'.repeat(width(c))).join('  ');
  return [line(header), rule, ...table.map(line)].join('\n');
}

/** The last line of the output, for scripts and for the issue's closing note. */
export function benchLine(f: Figures): string {
  const fields = {
    events_items_per_s: Math.round(f.batch.eventsItemsPerS),
    raw_items_per_s: Math.round(f.batch.rawItemsPerS),
    ratio: (f.batch.eventsItemsPerS / f.batch.rawItemsPerS).toFixed(2),
    single_rps: Math.round(f.single.requestsPerSecond),
    single_p50_ms: f.single.p50Ms,
    single_p99_ms: f.single.p99Ms,
    senders_items_per_s: Math.round(f.sendersItemsPerS),
    rss_mb: Math.round(f.peakRssMb),
  };
  return `BENCH ${Object.entries(fields)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')}`;
}

export function renderReport(
  figures: Figures,
  header: string[],
  storedLeads: number[],
  skippedStored: number[],
): string {
  return [
    ...header,
    '',
    formatTable(rows(figures, storedLeads, skippedStored)),
    '',
    benchLine(figures),
  ].join('\n');
}
