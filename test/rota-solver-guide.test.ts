import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Highs } from 'highs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverageCounts } from '../server/rota/evaluate.js';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { densePrices, type KeptBoundPrices } from '../server/rota/inrc2/references.js';
import { emptyRoster } from '../server/rota/problem.js';
import { PeopleGuide } from '../server/rota/solver/guide.js';
import { loadHighs } from '../server/rota/solver/load-highs.js';
import { boundAtPrices, rosterLowerBound } from '../server/rota/solver/lower-bound.js';
import type { RequirementPrices } from '../server/rota/solver/master-problem.js';
import { moveSpace } from '../server/rota/solver/move-space.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { solve, type SharedPrices } from '../server/rota/solver/solve.js';
import type { TuningOverrides } from '../server/rota/solver/tuning.js';
import { sharedPricesBytes, sharedPricesOn } from '../server/rota/solver/thread-protocol.js';
import { windowPeople } from '../server/rota/solver/windows.js';
import { handMadeWard, n005w4 } from './support/rota-problems.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ID = 'n030w4_1_6-7-5-3';
const HARD = 1000;

/** The instance, and the prices `npm run bench:bound` kept for it (those of its settled bound over whole rows). */
function instance(): { problem: ReturnType<typeof readInrc2Instance>['problem']; prices: RequirementPrices } {
  const { problem } = readInrc2Instance(join(ROOT, 'data', 'inrc2', ID.split('_')[0]!), ID);
  const kept = (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'inrc2-bound-prices.json'), 'utf8')) as Record<string, KeptBoundPrices>)[ID]!;
  const length = problem.optimal.length;
  return { problem, prices: { optimal: densePrices(kept.optimal, length), minimum: densePrices(kept.minimum, length) } };
}

describe('the people a roster owes its distance from the bound to', () => {
  let highs: Highs;
  beforeAll(async () => {
    highs = await loadHighs();
  });

  it('parts a roster without hard violations into the bound, each person part at least 0, and what coverage leaves, to the point', () => {
    const { problem, prices } = instance();
    const input = { problem, initial: emptyRoster(problem) };
    const { roster, score } = solve(input, { now: () => 0, deadline: 1, seed: 3, maxMoves: 300_000 });
    expect(score.hard).toBe(0);
    const space = moveSpace(problem, undefined, 1);
    const guide = new PeopleGuide(space, roster, HARD);
    expect(guide.priced).toBe(false);
    guide.setPrices(prices, 2, () => false);
    expect(guide.priced).toBe(true);
    const gaps = guide.gaps(roster);
    gaps.forEach((gap) => expect(gap).toBeGreaterThanOrEqual(0));
    // What coverage leaves: a requirement short of its optimum costs its weight, and the bound counts u (optimal − c)
    // + v (minimum − c) of it.
    const covered = coverageCounts(problem, roster);
    const weight = problem.weights.coverage_optimal;
    let coverage = 0;
    for (let i = 0; i < problem.optimal.length; i++) {
      const u = problem.optimal[i]! > 0 ? Math.min(weight, Math.max(0, prices.optimal[i]!)) : 0;
      const v = problem.minimum[i]! > 0 ? Math.max(0, prices.minimum[i]!) : 0;
      coverage += weight * Math.max(0, problem.optimal[i]! - covered[i]!) - u * (problem.optimal[i]! - covered[i]!) - v * (problem.minimum[i]! - covered[i]!);
    }
    const bound = boundAtPrices(input, prices, HARD)!;
    const people = gaps.reduce((sum, gap) => sum + gap, 0);
    expect(bound + people + coverage).toBeCloseTo(score.soft, 6);
    // The roster is not at the bound, and some people owe more of it than others.
    expect(people).toBeGreaterThan(0);
    expect(Math.max(...gaps)).toBeGreaterThan(people / problem.staff.length);
  });

  it('prices each set of prices once, and a stop leaves it unpriced', () => {
    const { problem, prices } = instance();
    const space = moveSpace(problem, undefined, 1);
    const guide = new PeopleGuide(space, emptyRoster(problem), HARD);
    guide.setPrices(prices, 2, () => true);
    expect(guide.priced).toBe(false);
    let looks = 0;
    guide.setPrices(prices, 2, () => (looks++, false));
    expect(looks).toBe(problem.staff.length);
    guide.setPrices(prices, 2, () => (looks++, false));
    expect(looks).toBe(problem.staff.length);
  });

  it('guided by the bound, a search with a move budget replays and keeps its windows of whole rows', () => {
    const problem = n005w4();
    const input = { problem, initial: emptyRoster(problem) };
    let prices: RequirementPrices | null = null;
    rosterLowerBound(input, highs, { now: () => 0, deadline: 1, hardWeight: HARD, onBound: () => {}, onPrices: (found) => (prices = found) });
    expect(prices).not.toBeNull();
    let looked = 0;
    const boundPrices: SharedPrices = { latest: () => (looked++, { version: 2, prices: prices! }) };
    const run = (tuning: TuningOverrides, shared?: SharedPrices) => solve(input, { now: () => 0, deadline: 1, seed: 5, maxMoves: 20_000, highs, tuning, ...(shared ? { boundPrices: shared } : {}) });
    const [one, two] = [run({}, boundPrices), run({}, boundPrices)];
    // The windows of people drew by the prices.
    expect(looked).toBeGreaterThan(0);
    expect([...one.roster.shift]).toEqual([...two.roster.shift]);
    expect(one.score).toEqual(two.score);
    expect(one.score.hard).toBe(0);
    // An even draw (guideFloor 1) is the search without prices, which never looks at them.
    looked = 0;
    expect([...run({ guideFloor: 1 }, boundPrices).roster.shift]).toEqual([...run({}).roster.shift]);
    expect(looked).toBe(0);
  });
});

describe('a window of people drawn by weight', () => {
  it('takes a person with all the weight first, and its company by weight among those sharing a skill', () => {
    const problem = handMadeWard();
    problem.staff.forEach((person) => (person.skills = [0]));
    const space = moveSpace(problem, undefined, 7);
    const random = seededRandom(11);
    const people = problem.staff.length;
    const weight = new Float64Array(people).fill(1e-9);
    weight[people - 1] = 1;
    weight[1] = 1;
    for (let round = 0; round < 30; round++) {
      const chosen = windowPeople(space, random, 2, weight);
      expect(chosen).toEqual([1, people - 1]);
    }
    // Without weights, the even draw of before: the same seed draws the same people.
    expect(windowPeople(space, seededRandom(4), 3, null)).toEqual(windowPeople(space, seededRandom(4), 3));
  });
});

describe('the bound prices shared with the searches', () => {
  it('gives nothing before the first set, then a whole copy of the latest with a newer version each time', () => {
    const requirements = 5;
    const buffer = new SharedArrayBuffer(sharedPricesBytes(requirements));
    const [bound, search] = [sharedPricesOn(buffer, requirements), sharedPricesOn(buffer, requirements)];
    expect(search.latest()).toBeNull();
    bound.offer({ optimal: Float64Array.of(1, 2, 3, 4, 5), minimum: Float64Array.of(0, 0, 7, 0, 0) });
    const first = search.latest()!;
    expect([...first.prices.optimal, ...first.prices.minimum]).toEqual([1, 2, 3, 4, 5, 0, 0, 7, 0, 0]);
    bound.offer({ optimal: Float64Array.of(5, 4, 3, 2, 1), minimum: Float64Array.of(1, 0, 0, 0, 0) });
    const second = search.latest()!;
    expect(second.version).toBeGreaterThan(first.version);
    expect([...second.prices.optimal, ...second.prices.minimum]).toEqual([5, 4, 3, 2, 1, 1, 0, 0, 0, 0]);
    // A copy: changing it changes nothing shared.
    second.prices.optimal[0] = 99;
    expect(search.latest()!.prices.optimal[0]).toBe(5);
  });
});
