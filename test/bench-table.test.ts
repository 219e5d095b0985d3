import { describe, expect, test } from '@jest/globals';
import {
  BEGIN_MARKER,
  combineRuns,
  END_MARKER,
  formatMs,
  formatRate,
  formatRatio,
  formatTarget,
  meets,
  median,
  ratio,
  renderTable,
  spliceGenerated,
} from '../bench/table.ts';

describe('the benchmark table', () => {
  test('a ratio divides the figure by its yardstick and has none without a positive yardstick', () => {
    expect(ratio(250, 1000)).toBe(0.25);
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(5, Number.NaN)).toBeNull();
  });

  test('a target is met at its bound and missed past it, in either direction', () => {
    expect(meets(0.5, { op: '>=', bound: 0.5 })).toBe(true);
    expect(meets(0.49, { op: '>=', bound: 0.5 })).toBe(false);
    expect(meets(2, { op: '<=', bound: 2 })).toBe(true);
    expect(meets(2.01, { op: '<=', bound: 2 })).toBe(false);
    expect(meets(null, { op: '>=', bound: 0.5 })).toBe(false);
  });

  test('ratios, rates and targets read as people write them', () => {
    expect(formatRatio(0.1234)).toBe('0.12×');
    expect(formatRatio(14.26)).toBe('14.3×');
    expect(formatRatio(123.4)).toBe('123×');
    expect(formatRatio(null)).toBe('n/a');
    expect(formatRate(34.56)).toBe('34.6');
    expect(formatMs(0)).toBe('< 1 ms');
    expect(formatMs(2.5)).toBe('2.5 ms');
    expect(formatMs(143.2)).toBe('143 ms');
    expect(formatRate(12345.6)).toBe('12,346');
    expect(formatTarget({ op: '>=', bound: 0.85 })).toBe('≥ 0.85×');
    expect(formatTarget({ op: '<=', bound: 2 })).toBe('≤ 2×');
  });

  test('two runs combine into the rate over their joint time and the mean of their percentiles', () => {
    // 1,000 answers in 2 s and 3,000 in 2 s: 4,000 in 4 s.
    const combined = combineRuns({ perSecond: 500, p50: 2, p99: 10, total: 1000 }, { perSecond: 1500, p50: 4, p99: 20, total: 3000 });
    expect(combined).toEqual({ perSecond: 1000, p50: 3, p99: 15, total: 4000 });
  });

  test('the median of an even count is the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test('the table has a header, a rule and one escaped line per row with its verdict', () => {
    const table = renderTable([
      { scenario: 'a | b', measured: '1', yardstick: 'y', yardstickFigure: '2', ratio: '0.50×', target: '≥ 0.5×', met: true },
      { scenario: 'c', measured: '1', yardstick: 'y', yardstickFigure: '4', ratio: '0.25×', target: '≥ 0.5×', met: false },
      { scenario: 'd', measured: '1', yardstick: '—', yardstickFigure: '—', ratio: '—', target: 'reported', met: null },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('|---|---|---|---|---|---|---|');
    expect(lines[2]).toBe('| a \\| b | 1 | y | 2 | 0.50× | ≥ 0.5× | met |');
    expect(lines[3]).toContain('| **missed** |');
    expect(lines[4]).toMatch(/\| reported \|  \|$/);
  });

  test('a new run replaces only what lies between the markers of BENCHMARKS.md', () => {
    const first = spliceGenerated(null, 'run one');
    expect(first).toBe(`# Benchmarks\n\n${BEGIN_MARKER}\nrun one\n${END_MARKER}\n`);
    const annotated = `${first}\n## Notes\nkept\n`;
    const second = spliceGenerated(annotated, 'run two');
    expect(second).toContain('run two');
    expect(second).not.toContain('run one');
    expect(second).toContain('## Notes\nkept\n');
  });
});
