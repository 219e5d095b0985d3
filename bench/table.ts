// Pure formatting and ratio math for the benchmark table, kept apart so a unit test can pin it down.

/** A comparison a target makes: the measured ratio must be at least, or at most, a bound. */
export interface Target {
  op: '>=' | '<=';
  bound: number;
}

export interface Row {
  scenario: string;
  /** nobat's figure, already formatted. */
  measured: string;
  yardstick: string;
  /** The yardstick's figure, already formatted. */
  yardstickFigure: string;
  ratio: string;
  target: string;
  /** true met, false missed, null when the row has no target. */
  met: boolean | null;
}

/** `value / base`, or null when the base is not a positive number (nothing to compare with). */
export function ratio(value: number, base: number): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base <= 0) return null;
  return value / base;
}

export function meets(value: number | null, target: Target): boolean {
  if (value === null) return false;
  return target.op === '>=' ? value >= target.bound : value <= target.bound;
}

export function formatTarget(target: Target, unit = '×'): string {
  return `${target.op === '>=' ? '≥' : '≤'} ${target.bound}${unit}`;
}

/** Two significant decimals below 10, one below 100, none above: ratios read at a glance. */
export function formatRatio(value: number | null): string {
  if (value === null) return 'n/a';
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toFixed(digits)}×`;
}

/** Whole numbers with thousands separators; small rates keep one decimal. */
export function formatRate(perSecond: number): string {
  if (perSecond < 100) return perSecond.toFixed(1);
  return Math.round(perSecond).toLocaleString('en-US');
}

/** autocannon records whole milliseconds, so anything under one reads as such. */
export function formatMs(ms: number): string {
  if (ms < 1) return '< 1 ms';
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

export function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
}

function verdict(met: boolean | null): string {
  return met === null ? '' : met ? 'met' : '**missed**';
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** A GitHub-flavoured Markdown table, one line per row. */
export function renderTable(rows: Row[]): string {
  const header = ['scenario', 'nobat', 'yardstick (same run)', 'yardstick figure', 'ratio', 'target', 'verdict'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const cells = [row.scenario, row.measured, row.yardstick, row.yardstickFigure, row.ratio, row.target, verdict(row.met)];
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** A load run as the table needs it. */
export interface RunFigures {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
}

/**
 * Two runs of the same load as one: the rate over their joint time, and the mean of their
 * percentiles (a yardstick measured before and after the figure it stands beside, so a drift in
 * the machine's load falls on both sides of the ratio).
 */
export function combineRuns<T extends RunFigures>(a: T, b: T): T {
  const seconds = a.total / a.perSecond + b.total / b.perSecond;
  return { ...a, total: a.total + b.total, perSecond: (a.total + b.total) / seconds, p50: (a.p50 + b.p50) / 2, p99: (a.p99 + b.p99) / 2 };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const BEGIN_MARKER = '<!-- bench:begin (written by npm run bench; edit outside the markers) -->';
export const END_MARKER = '<!-- bench:end -->';

/**
 * The new contents of BENCHMARKS.md: `generated` replaces what lies between the markers, and
 * everything outside them (notes, profiles, before/after figures) is kept.
 */
export function spliceGenerated(existing: string | null, generated: string, title = '# Benchmarks'): string {
  const block = `${BEGIN_MARKER}\n${generated.trim()}\n${END_MARKER}`;
  if (existing === null) return `${title}\n\n${block}\n`;
  const begin = existing.indexOf(BEGIN_MARKER);
  const end = existing.indexOf(END_MARKER);
  if (begin === -1 || end === -1 || end < begin) return `${existing.trimEnd()}\n\n${block}\n`;
  return existing.slice(0, begin) + block + existing.slice(end + END_MARKER.length);
}
