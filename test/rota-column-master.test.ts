import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Highs } from 'highs';
import { chooseColumns, type ColumnSource } from '../server/rota/solver/master-problem.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { seededRandom, type Random } from '../server/rota/solver/random.js';

const HARD = 1000;

/** A column of the small problems below: its cost and the requirements it covers. */
interface Column {
  id: number;
  cost: number;
  covers: number[];
}

interface Small {
  minimum: number[];
  optimal: number[];
  optimalWeight: number;
  /** Per person: every column they may take. */
  columns: Column[][];
}

function randomSmall(random: Random): Small {
  const people = 3 + random.int(3);
  const requirements = 3 + random.int(4);
  const minimum = Array.from({ length: requirements }, () => random.int(2));
  const optimal = minimum.map((least) => least + random.int(3));
  let id = 0;
  const columns = Array.from({ length: people }, () =>
    Array.from({ length: 2 + random.int(4) }, () => ({
      id: id++,
      cost: 10 * random.int(8),
      covers: Array.from({ length: requirements }, (_, i) => i).filter(() => random.next() < 0.4),
    })),
  );
  return { minimum, optimal, optimalWeight: 30, columns };
}

/** What a choice of one column per person costs: the columns, and each requirement's shortfall. */
function valueOf(small: Small, chosen: Column[]): number {
  const covered = new Array<number>(small.minimum.length).fill(0);
  let total = 0;
  for (const column of chosen) {
    total += column.cost;
    for (const i of column.covers) covered[i]!++;
  }
  small.minimum.forEach((least, i) => {
    total += HARD * Math.max(0, least - covered[i]!) + small.optimalWeight * Math.max(0, small.optimal[i]! - covered[i]!);
  });
  return total;
}

/** The least `valueOf` over every choice. */
function optimum(small: Small): number {
  let best = Number.POSITIVE_INFINITY;
  const visit = (p: number, chosen: Column[]): void => {
    if (p === small.columns.length) {
      best = Math.min(best, valueOf(small, chosen));
      return;
    }
    for (const column of small.columns[p]!) visit(p + 1, [...chosen, column]);
  };
  visit(0, []);
  return best;
}

/** The master's view of a small problem: pricing picks the person's column that saves most at the prices. */
function sourceOf(small: Small): ColumnSource<Column> {
  return {
    people: small.columns.length,
    minimum: small.minimum,
    optimal: small.optimal,
    optimalWeight: small.optimalWeight,
    cost: (_, column) => column.cost,
    covers: (_, column) => column.covers,
    cheapest: (p, price) => {
      let best = small.columns[p]![0]!;
      let value = Number.POSITIVE_INFINITY;
      for (const column of small.columns[p]!) {
        const here = column.cost - column.covers.reduce((sum, i) => sum + price[i]!, 0);
        if (here < value) {
          value = here;
          best = column;
        }
      }
      return { column: best, value };
    },
  };
}

describe('the master problem (column generation, then diving)', () => {
  let highs: Highs;
  beforeAll(async () => {
    highs = await loadHighs();
  });

  it('gives each person one of their columns, never worse than where it starts, and the best choice on most small problems', () => {
    const random = seededRandom(11);
    let optimal = 0;
    const runs = 60;
    for (let run = 0; run < runs; run++) {
      const small = randomSmall(random);
      const start = small.columns.map((columns) => columns[columns.length - 1]!);
      const chosen = chooseColumns(sourceOf(small), start, highs, { now: () => 0, deadline: 1, hardWeight: HARD });
      expect(chosen).toHaveLength(small.columns.length);
      chosen.forEach((column, p) => expect(small.columns[p]).toContain(column));
      const value = valueOf(small, chosen);
      const best = optimum(small);
      expect(value).toBeLessThanOrEqual(valueOf(small, start));
      expect(value).toBeGreaterThanOrEqual(best);
      if (value === best) optimal++;
    }
    expect(optimal).toBeGreaterThanOrEqual(0.9 * runs);
  });

  it('rounds a relaxation that mixes columns half and half into one column per person covering every minimum', () => {
    // Three requirements in a ring, each needing one person: each person covers two neighbours at cost 10, or one at
    // cost 6, or nothing. The relaxation takes every pair column half (15); of the whole choices that cover every
    // requirement, a pair and a single (16) is the cheapest, against three singles (18) or two pairs (20).
    const ring = (a: number, b: number, id: number): Column => ({ id, cost: 10, covers: [a, b] });
    const single = (a: number, id: number): Column => ({ id, cost: 6, covers: [a] });
    const small: Small = {
      minimum: [1, 1, 1],
      optimal: [1, 1, 1],
      optimalWeight: 30,
      columns: [
        [ring(0, 1, 0), single(0, 1), { id: 2, cost: 0, covers: [] }],
        [ring(1, 2, 3), single(1, 4), { id: 5, cost: 0, covers: [] }],
        [ring(2, 0, 6), single(2, 7), { id: 8, cost: 0, covers: [] }],
      ],
    };
    const start = small.columns.map((columns) => columns[2]!);
    const chosen = chooseColumns(sourceOf(small), start, highs, { now: () => 0, deadline: 1, hardWeight: HARD });
    expect(valueOf(small, chosen)).toBe(optimum(small));
    expect(optimum(small)).toBe(16);
  });

  it('finishes at once when its deadline has passed: each person takes the column the relaxation chose most', () => {
    const random = seededRandom(5);
    for (let run = 0; run < 20; run++) {
      const small = randomSmall(random);
      const start = small.columns.map((columns) => columns[0]!);
      let clock = 0;
      const chosen = chooseColumns(sourceOf(small), start, highs, { now: () => clock++, deadline: 0, hardWeight: HARD });
      chosen.forEach((column, p) => expect(small.columns[p]).toContain(column));
      // Past the deadline no column is priced: each person keeps a column the master had, which is their start.
      expect(chosen).toEqual(start);
    }
  });

  it('cuts a pass of pricing short when its deadline passes during it: fewer people priced, no bound reported, a column for each', () => {
    const random = seededRandom(9);
    const people = 40;
    const small: Small = {
      minimum: [2, 3, 1, 2],
      optimal: [4, 5, 3, 4],
      optimalWeight: 30,
      columns: Array.from({ length: people }, (_, p) =>
        Array.from({ length: 3 }, (_, c) => ({ id: 3 * p + c, cost: c === 0 ? 0 : 10 * random.int(5), covers: c === 0 ? [] : [(p + c) % 4, (p + 2 * c + 1) % 4] })),
      ),
    };
    const source = sourceOf(small);
    let priced = 0;
    const counted: ColumnSource<Column> = {
      ...source,
      cheapest: (p, price) => {
        priced++;
        return source.cheapest(p, price);
      },
    };
    const bounds: number[] = [];
    const start = small.columns.map((columns) => columns[0]!);
    // The clock moves one step each time it is read: read once before the first pass, the next read is past the deadline.
    let clock = 0;
    const chosen = chooseColumns(counted, start, highs, { now: () => clock++, deadline: 1, hardWeight: HARD, onBound: (bound) => bounds.push(bound) });
    expect(priced).toBeGreaterThan(0);
    expect(priced).toBeLessThan(people);
    expect(bounds).toEqual([]);
    expect(chosen).toHaveLength(people);
    chosen.forEach((column, p) => expect(small.columns[p]).toContain(column));
  });
});
