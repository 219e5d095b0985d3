import { describe, expect, it } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { densePrices, type KeptBoundPrices, readInrc2References } from '../server/rota/inrc2/references.js';
import { emptyRoster } from '../server/rota/problem.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { boundAtPrices, boundRequirements, type Relaxation, roundBound, rosterLowerBound, softScoreStep } from '../server/rota/solver/lower-bound.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA = join(ROOT, 'data', 'inrc2');
const HARD = 1000;

/**
 * The prices `npm run bench:bound` kept for each instance: those of the best bound its column generation found, over
 * whole rows and (`--over days`) over working days.
 */
const keptOf = (file: string) => JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', file), 'utf8')) as Record<string, KeptBoundPrices>;
const kept = keptOf('inrc2-bound-prices.json');
const keptDays = keptOf('inrc2-day-bound-prices.json');

/** Every public instance of `best-known.tsv`, with its best known soft score and whether it is proven optimal. */
const references = readInrc2References(join(DATA, 'best-known.tsv'));
const instances = [...references].map(([id, { bestKnown, proven }]) => ({ id, bestKnown, proven }));

/** The bound over `over` read again at the kept prices `prices` (one pass of pricing). */
function keptBound(input: ReturnType<typeof inputOf>, prices: KeptBoundPrices, over: Relaxation): number {
  const length = boundRequirements(input.problem, over);
  return boundAtPrices(input, { optimal: densePrices(prices.optimal, length), minimum: densePrices(prices.minimum, length) }, HARD, over)!;
}

function inputOf(id: string) {
  const { problem } = readInrc2Instance(join(DATA, id.split('_')[0]!), id);
  return { problem, initial: emptyRoster(problem) };
}

describe('the lower bound on the public INRC-II instances, read at the prices of its own column generation', () => {
  it('holds prices for every instance of best-known.tsv', () => {
    expect(instances.length).toBe(28);
    expect(references.get('n030w4_1_6-2-9-1')).toEqual({ bestKnown: 1670, lowerBound: 1670, proven: true, best2017: 1685 });
    for (const { id } of instances) expect(Object.keys(kept)).toContain(id);
    for (const { id } of instances) expect(Object.keys(keptDays)).toContain(id);
  });

  it.each(instances)('$id: never above the best known roster (the optimum where proven), and close to it', ({ id, bestKnown }) => {
    const input = inputOf(id);
    const prices = kept[id]!;
    const bound = keptBound(input, prices, 'rows');
    // The same prices read the same bound, or a higher one were the pricing made stronger.
    expect(bound).toBeGreaterThanOrEqual(prices.bound - 1e-6);
    const rounded = roundBound(bound, softScoreStep(input.problem.weights));
    expect(rounded).toBeLessThanOrEqual(bestKnown);
    // A bound that says nothing would pass the checks above: settled, it lies within 2 % of the best known roster.
    if (prices.settled) expect(bound / bestKnown).toBeGreaterThan(0.98);
  });

  it.each(instances)('$id, over working days: never above the best known roster either, and no higher than over whole rows', ({ id, bestKnown }) => {
    const input = inputOf(id);
    const prices = keptDays[id]!;
    const bound = keptBound(input, prices, 'days');
    expect(bound).toBeGreaterThanOrEqual(prices.bound - 1e-6);
    expect(roundBound(bound, softScoreStep(input.problem.weights))).toBeLessThanOrEqual(bestKnown);
    // Working days are a relaxation of whole rows: settled both, the bound over them is no higher.
    if (prices.settled && kept[id]!.settled) expect(bound).toBeLessThanOrEqual(kept[id]!.bound * (1 + 1e-4) + 1e-6);
    // And still says something: settled, above 0.6 of the best known roster (0.69–0.97 when the prices were kept).
    if (prices.settled) expect(bound / bestKnown).toBeGreaterThan(0.6);
  });

  it('raised by a branch: n030w4_1_6-7-5-3 from the relaxation\'s 1,810 to its proven optimum, 1,815, and no higher', async () => {
    const id = 'n030w4_1_6-7-5-3';
    const input = inputOf(id);
    const step = softScoreStep(input.problem.weights);
    // The relaxation alone, settled (its kept prices): 1,810.
    expect(roundBound(keptBound(input, kept[id]!, 'rows'), step)).toBe(1810);
    const reported: number[] = [];
    const bound = rosterLowerBound(input, await loadHighs(), {
      now: () => performance.now(),
      deadline: performance.now() + 600_000,
      hardWeight: HARD,
      branch: { ms: 600_000, idleNodes: 4 },
      onBound: (value) => reported.push(value),
    });
    expect(reported).toContain(1810);
    expect(bound).toBe(1815);
    expect(references.get(id)).toMatchObject({ bestKnown: 1815, proven: true });
  }, 120_000);

  it('brings prices outside their ranges in first: an optimum priced far above its weight still gives a valid bound', () => {
    const { id, bestKnown } = instances[0]!;
    const input = inputOf(id);
    const length = input.problem.optimal.length;
    const prices = kept[id]!;
    const inflated = { optimal: densePrices(prices.optimal, length).map((price) => 100 * price + 1000), minimum: densePrices(prices.minimum, length).map((price) => -price) };
    const bound = boundAtPrices(input, inflated, HARD)!;
    expect(bound).toBeLessThanOrEqual(bestKnown);
    // Brought in, they are every optimum at its weight and no minimum priced.
    const weight = input.problem.weights.coverage_optimal;
    expect(bound).toBe(boundAtPrices(input, { optimal: new Float64Array(length).fill(weight), minimum: new Float64Array(length) }, HARD));
  });
});
