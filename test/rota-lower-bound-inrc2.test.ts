import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { emptyRoster } from '../server/rota/problem.js';
import { boundAtPrices, roundBound, softScoreStep } from '../server/rota/solver/lower-bound.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA = join(ROOT, 'data', 'inrc2');
const HARD = 1000;

interface KeptPrices {
  bound: number;
  settled: boolean;
  optimal: [number, number][];
  minimum: [number, number][];
}

/** The prices `npm run bench:bound` kept for each instance: those of the best bound its column generation found. */
const kept = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'inrc2-bound-prices.json'), 'utf8')) as Record<string, KeptPrices>;

/** Every public instance of `best-known.tsv`, with its best known soft score and whether it is proven optimal. */
const instances = readFileSync(join(DATA, 'best-known.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [id, bestKnown, , proven] = line.split('\t');
    return { id: id!, bestKnown: Number(bestKnown), proven: proven === 'yes' };
  });

function dense(entries: [number, number][], length: number): Float64Array {
  const prices = new Float64Array(length);
  for (const [i, price] of entries) prices[i] = price;
  return prices;
}

function inputOf(id: string) {
  const { problem } = readInrc2Instance(join(DATA, id.split('_')[0]!), id);
  return { problem, initial: emptyRoster(problem) };
}

describe('the lower bound on the public INRC-II instances, read at the prices of its own column generation', () => {
  it('holds prices for every instance of best-known.tsv', () => {
    expect(instances.length).toBe(28);
    for (const { id } of instances) expect(Object.keys(kept)).toContain(id);
  });

  it.each(instances)('$id: never above the best known roster (the optimum where proven), and close to it', ({ id, bestKnown }) => {
    const input = inputOf(id);
    const length = input.problem.optimal.length;
    const prices = kept[id]!;
    const bound = boundAtPrices(input, { optimal: dense(prices.optimal, length), minimum: dense(prices.minimum, length) }, HARD)!;
    // The same prices read the same bound, or a higher one were the pricing made stronger.
    expect(bound).toBeGreaterThanOrEqual(prices.bound - 1e-6);
    const rounded = roundBound(bound, softScoreStep(input.problem.weights));
    expect(rounded).toBeLessThanOrEqual(bestKnown);
    // A bound that says nothing would pass the checks above: settled, it lies within 2 % of the best known roster.
    if (prices.settled) expect(bound / bestKnown).toBeGreaterThan(0.98);
  });

  it('brings prices outside their ranges in first: an optimum priced far above its weight still gives a valid bound', () => {
    const { id, bestKnown } = instances[0]!;
    const input = inputOf(id);
    const length = input.problem.optimal.length;
    const prices = kept[id]!;
    const inflated = { optimal: dense(prices.optimal, length).map((price) => 100 * price + 1000), minimum: dense(prices.minimum, length).map((price) => -price) };
    const bound = boundAtPrices(input, inflated, HARD)!;
    expect(bound).toBeLessThanOrEqual(bestKnown);
    // Brought in, they are every optimum at its weight and no minimum priced.
    const weight = input.problem.weights.coverage_optimal;
    expect(bound).toBe(boundAtPrices(input, { optimal: new Float64Array(length).fill(weight), minimum: new Float64Array(length) }, HARD));
  });
});
