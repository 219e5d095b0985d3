import { readFileSync } from 'node:fs';

/**
 * The reference figures of one INRC-II instance, from `data/inrc2/best-known.tsv`: today's best known roster and best
 * lower bound, whether that roster is proven optimal, and the best roster of Legrain, Omer and Rosat 2017 (Table 8).
 */
export interface Inrc2Reference {
  bestKnown: number;
  lowerBound: number;
  proven: boolean;
  best2017: number;
}

const COLUMNS = ['instance', 'best_known', 'lower_bound', 'proven_optimal', 'legrain_2017_best'] as const;

/** Every instance of a `best-known.tsv`, in the file's order; its columns found by name, so their order may change. */
export function readInrc2References(path: string): Map<string, Inrc2Reference> {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = header!.split('\t');
  const [id, bestKnown, lowerBound, proven, best2017] = COLUMNS.map((name) => {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`${path} has no column ${name}`);
    return index;
  }) as [number, number, number, number, number];
  const references = new Map<string, Inrc2Reference>();
  for (const line of lines) {
    const cells = line.split('\t');
    references.set(cells[id]!, {
      bestKnown: Number(cells[bestKnown]),
      lowerBound: Number(cells[lowerBound]),
      proven: cells[proven] === 'yes',
      best2017: Number(cells[best2017]),
    });
  }
  return references;
}

/**
 * Prices of the requirements (the column generation's duals, docs/solver.md) kept in a file: each requirement's index
 * and price where it is not 0, the price rounded to `decimals`. Any prices give a valid bound, so rounding loses only a
 * little of it.
 */
export type SparsePrices = [number, number][];

export function sparsePrices(prices: Float64Array, decimals: number): SparsePrices {
  const kept: SparsePrices = [];
  prices.forEach((price, i) => {
    const rounded = Number(price.toFixed(decimals));
    if (rounded !== 0) kept.push([i, rounded]);
  });
  return kept;
}

/** The prices of all `length` requirements from kept ones: 0 where none is kept. */
export function densePrices(kept: SparsePrices, length: number): Float64Array {
  const prices = new Float64Array(length);
  for (const [i, price] of kept) prices[i] = price;
  return prices;
}

/**
 * What `npm run bench:bound` keeps of one instance's bound (test/fixtures/inrc2-bound-prices.json), and what the bound's
 * test reads again: the bound at the kept prices, unrounded; how long the column generation ran and whether it settled
 * before its limit; the prices of the requirements' optima and minima.
 */
export interface KeptBoundPrices {
  bound: number;
  seconds: number;
  settled: boolean;
  optimal: SparsePrices;
  minimum: SparsePrices;
}
