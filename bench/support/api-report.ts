import type { Figures } from './load.js';

/** One line of the printed table. */
export type Row = {
  run: string;
  call: string;
  figures: Figures;
  /** What the ratio compares with, and its value. */
  baseName: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
};

/** The figures of each measured call of one run. */
export type ApiFigures = Record<
  'create' | 'family' | 'pricing' | 'username' | 'lookups' | 'flags',
  Figures
>;

export const fmt = (n: number, digits = 0) => n.toFixed(digits);

export function printTable(rows: Row[]): void {
  const header = [
    'run',
    'call',
    'req/s',
    'p50 ms',
    'p99 ms',
    'srv µs',
    'pg µs',
    'errors',
    'non-2xx',
    'ratio',
    'to',
    'target',
    'met',
  ];
  const body = rows.map((r) => [
    r.run,
    r.call,
    fmt(r.figures.rps),
    fmt(r.figures.p50),
    fmt(r.figures.p99),
    fmt(r.figures.serverCpuUs),
    fmt(r.figures.pgCpuUs),
    String(r.figures.errors),
    String(r.figures.non2xx),
    r.ratio === null ? '—' : fmt(r.ratio, 2),
    r.baseName,
    r.target,
    r.met === null ? '—' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 || i > 10 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

/** No errors, no non-2xx, and answers at all (nothing finished in time is not a pass). */
export const clean = (f: Figures) => f.total > 0 && f.errors === 0 && f.non2xx === 0;

export type Baselines = { insert: Figures; select: Figures; json: Figures };

/**
 * The targets, as ratios to the baselines of the same run: the create and the family
 * update to the `pg insert`, the calls that read one row to the `pg select`, the calls answered
 * from memory to `plain JSON`.
 */
const TARGETS = {
  create: { call: 'create signup', to: 'insert', min: 0.8, p99: 50 },
  family: { call: 'family update', to: 'insert', min: 0.5 },
  pricing: { call: 'pricing', to: 'select', min: 0.7 },
  username: { call: 'username check', to: 'select', min: 0.7 },
  lookups: { call: 'lookups', to: 'json', min: 0.5 },
  flags: { call: 'flag evaluation', to: 'json', min: 0.5 },
} as const satisfies Record<
  keyof ApiFigures,
  { call: string; to: keyof Baselines; min: number; p99?: number }
>;

/** The rows of one run, each beside its target; `onlyCalls` leaves the others out. */
export function apiRows(
  run: string,
  api: ApiFigures,
  base: Baselines,
  kind: 'pg' | 'pglite',
  onlyCalls: Set<string> | null,
): Row[] {
  const rows: Row[] = [];
  for (const [key, target] of Object.entries(TARGETS) as [
    keyof ApiFigures,
    (typeof TARGETS)[keyof ApiFigures],
  ][]) {
    const f = api[key];
    if (onlyCalls && !onlyCalls.has(key)) continue;
    const baseRps = base[target.to].rps;
    const r = baseRps > 0 ? f.rps / baseRps : null;
    const p99 = 'p99' in target ? target.p99 : null;
    rows.push({
      run,
      call: target.call,
      figures: f,
      baseName: target.to,
      ratio: r,
      target:
        kind === 'pg'
          ? `≥${fmt(target.min, 2)}${p99 === null ? '' : `, p99≤${p99}`}, 0 err`
          : '0 errors',
      met:
        kind === 'pg'
          ? (r ?? 0) >= target.min && (p99 === null || f.p99 <= p99) && clean(f)
          : clean(f),
    });
  }
  return rows;
}
