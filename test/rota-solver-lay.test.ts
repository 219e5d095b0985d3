import { describe, expect, it } from '@jest/globals';
import { coverageCounts } from '../server/rota/evaluate.js';
import { OFF, cellIndex, coverageIndex, emptyRoster, type RosterProblem } from '../server/rota/problem.js';
import { admissibleStart } from '../server/rota/solver/construct.js';
import { cheapestShiftTypes, layShiftTypes } from '../server/rota/solver/lay-shifts.js';
import { MinCostFlow } from '../server/rota/solver/min-cost-flow.js';
import { moveSpace } from '../server/rota/solver/move-space.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { handMadeWard } from './support/rota-problems.js';

/** What a day's shift types cost as `cheapestShiftTypes` weighs them: the people's costs less what coverage earns. */
function dayCost(problem: RosterProblem, covered: number[], d: number, k: number, assignable: number[], chosen: ArrayLike<number>, costOf: (g: number, i: number) => number): number {
  let total = 0;
  const count = new Map<number, number>();
  for (let g = 0; g < chosen.length; g++) {
    total += costOf(g, chosen[g]!);
    count.set(chosen[g]!, (count.get(chosen[g]!) ?? 0) + 1);
  }
  assignable.forEach((s, i) => {
    const index = coverageIndex(problem, d, s, k);
    const after = covered[index]! + (count.get(i) ?? 0);
    const before = covered[index]!;
    // Penalties removed: under the minimum (1000 each) and under the optimum (its weight each).
    total -= 1000 * (Math.max(0, problem.minimum[index]! - before) - Math.max(0, problem.minimum[index]! - after));
    total -= problem.weights.coverage_optimal * (Math.max(0, problem.optimal[index]! - before) - Math.max(0, problem.optimal[index]! - after));
  });
  return total;
}

describe('laying shift types over planned working days', () => {
  it('a minimum-cost flow reroutes an earlier unit when a later one needs its edge', () => {
    // Persons 1 and 2 to slots 3 and 4: the cheapest first unit takes 1→3, which only person 2 can use cheaply, so
    // the second unit goes 2→3 and moves person 1 on to 4 along the residual edge 3→1.
    const flow = new MinCostFlow(6);
    for (const person of [1, 2]) flow.addEdge(0, person, 1, 0);
    const oneThree = flow.addEdge(1, 3, 1, -1);
    const oneFour = flow.addEdge(1, 4, 1, 1);
    const twoThree = flow.addEdge(2, 3, 1, 0);
    const twoFour = flow.addEdge(2, 4, 1, 100);
    for (const slot of [3, 4]) flow.addEdge(slot, 5, 1, 0);
    expect(flow.send(0, 5, 5)).toEqual({ flow: 2, cost: 1 });
    expect([oneThree, oneFour, twoThree, twoFour].map((edge) => flow.flowOn(edge))).toEqual([0, 1, 1, 0]);
  });

  it("gives a day's people the shift types that cost least with what coverage earns, as trying every assignment does", () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 200; trial++) {
      const problem = handMadeWard();
      const assignable = [0, 1, 2].slice(0, 1 + random.int(3));
      const d = random.int(problem.days);
      const k = random.int(2);
      for (const s of assignable) {
        const index = coverageIndex(problem, d, s, k);
        problem.minimum[index] = random.int(3);
        problem.optimal[index] = random.int(4);
      }
      const covered = Array.from({ length: problem.minimum.length }, () => random.int(2));
      const n = 1 + random.int(5);
      const costs = Array.from({ length: n * assignable.length }, () => (random.next() < 0.2 ? 1000 : random.int(60)));
      const costOf = (g: number, i: number): number => costs[g * assignable.length + i]!;
      const chosen = cheapestShiftTypes(problem, covered, d, k, assignable, n, 1000, costOf);
      let best = Number.POSITIVE_INFINITY;
      const pick = new Int32Array(n);
      for (let code = 0; code < assignable.length ** n; code++) {
        for (let g = 0, rest = code; g < n; g++, rest = Math.floor(rest / assignable.length)) pick[g] = rest % assignable.length;
        best = Math.min(best, dayCost(problem, covered, d, k, assignable, pick, costOf));
      }
      expect([trial, dayCost(problem, covered, d, k, assignable, chosen, costOf)]).toEqual([trial, best]);
    }
  });

  /** A ward of one skill with early (E: runs of 2–3) and night (N: runs of 4–5) shifts, needing one of each daily. */
  function twoShiftWard(people: number, days: number): RosterProblem {
    const problem = handMadeWard();
    problem.days = days;
    problem.skills = ['nurse'];
    problem.shiftTypes = [
      { id: 1, code: 'E', minutes: 480, endsNextDay: false, minConsecutive: 2, maxConsecutive: 3, assignable: true },
      { id: 2, code: 'N', minutes: 600, endsNextDay: true, minConsecutive: 4, maxConsecutive: 5, assignable: true },
    ];
    problem.forbiddenNext = [
      [false, false],
      [true, false],
    ];
    problem.staff = Array.from({ length: people }, (_, p) => ({
      id: p + 1,
      skills: [0],
      contract: null,
      carryIn: { lastShift: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 1, consecutiveSameShift: 0 },
      leave: new Array<boolean>(days).fill(false),
    }));
    problem.preferences = [];
    problem.minimum = new Array<number>(days * 2).fill(0);
    problem.optimal = new Array<number>(days * 2).fill(1);
    return problem;
  }

  it('keeps a run of one shift type going for as long as its minimum asks, and never lays a forbidden succession', () => {
    const problem = twoShiftWard(2, 5);
    // Person 0 carries in two nights of a run that should last four; both work all five days.
    problem.staff[0]!.carryIn = { lastShift: 1, consecutiveWorkingDays: 2, consecutiveDaysOff: 0, consecutiveSameShift: 2 };
    const space = moveSpace(problem, undefined, 7);
    const plan = new Int16Array(10).fill(0);
    const laid = layShiftTypes(space, admissibleStart(space, emptyRoster(problem)), plan, 1000);
    // Person 0 cannot leave nights for earlies (forbidden), so nights go on; person 1 keeps the earlies, one day
    // over their maximum of three being cheaper than leaving a requirement under its optimum.
    expect(Array.from(laid.shift)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(Array.from(coverageCounts(problem, laid))).toEqual(new Array<number>(10).fill(1));
  });

  it('starts a run of nights with someone whose planned working run is long enough for its minimum', () => {
    const problem = twoShiftWard(2, 7);
    // Nights are wanted on days 2–5, earlies on days 2–3. Person 0 works days 2–5, person 1 days 2–3 only: a run of
    // nights, which should last four days, is theirs to start.
    problem.optimal.fill(0);
    for (let d = 2; d < 6; d++) problem.optimal[coverageIndex(problem, d, 1, 0)] = 1;
    for (let d = 2; d < 4; d++) problem.optimal[coverageIndex(problem, d, 0, 0)] = 1;
    const space = moveSpace(problem, undefined, 7);
    const plan = new Int16Array(14).fill(OFF);
    for (const d of [2, 3, 4, 5]) plan[cellIndex(problem, 0, d)] = 0;
    for (const d of [2, 3]) plan[cellIndex(problem, 1, d)] = 0;
    const laid = layShiftTypes(space, admissibleStart(space, emptyRoster(problem)), plan, 1000);
    expect(Array.from(laid.shift.slice(0, 7))).toEqual([OFF, OFF, 1, 1, 1, 1, OFF]);
    expect(Array.from(laid.shift.slice(7, 14))).toEqual([OFF, OFF, 0, 0, OFF, OFF, OFF]);
  });

  it('lays nothing where no shift type may be assigned, keeping frozen cells', () => {
    const problem = twoShiftWard(2, 4);
    for (const type of problem.shiftTypes) type.assignable = false;
    const pinned = new Uint8Array(8);
    pinned[cellIndex(problem, 1, 2)] = 1;
    const initial = emptyRoster(problem);
    initial.shift[cellIndex(problem, 1, 2)] = 1;
    initial.skill[cellIndex(problem, 1, 2)] = 0;
    const space = moveSpace(problem, pinned, 7);
    const laid = layShiftTypes(space, initial, new Int16Array(8).fill(0), 1000);
    expect(Array.from(laid.shift)).toEqual([OFF, OFF, OFF, OFF, OFF, OFF, 1, OFF]);
  });
});
