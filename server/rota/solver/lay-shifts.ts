import { coverageCounts } from '../evaluate.js';
import { OFF, coverageIndex, type Roster, type RosterProblem } from '../problem.js';
import { PREFERENCE_KIND, preferenceBroken } from '../rule-pieces.js';
import { MinCostFlow } from './min-cost-flow.js';
import type { MoveSpace } from './move-space.js';
import type { Random } from './random.js';
import { SearchState } from './state.js';

/**
 * A roster that works the planned days (`plan`: each cell's skill, or `OFF`) with shift types given day by day. Each
 * day, the people working it with one skill take shift types by a minimum-cost flow: a shift type earns for each
 * person it needs under its minimum and under its optimum; a person's shift type costs what their requests charge,
 * a forbidden succession from yesterday, and what their run of one shift type will cost, judged as if the rest of the
 * planned working run kept today's shift type (too long now, or too short when it ends). A requirement left under its
 * minimum and a forbidden succession weigh `hardWeight`. Frozen cells keep what `start` holds.
 */
export function layShiftTypes(space: MoveSpace, start: Roster, plan: Int16Array, hardWeight: number): Roster {
  const { problem, days, people, assignable } = space;
  const { shiftTypes, forbiddenNext } = problem;
  const sameWeight = problem.weights.consecutive_same_shift;
  // Only the frozen cells are kept; the others are laid below.
  const roster: Roster = {
    shift: Int16Array.from(start.shift, (shift, cell) => (space.frozen[cell] ? shift : OFF)),
    skill: Int16Array.from(start.skill, (skill, cell) => (space.frozen[cell] ? skill : OFF)),
  };
  // Without a shift type to assign, no planned day can be worked.
  if (assignable.length === 0) return roster;
  const covered = coverageCounts(problem, roster);
  const works = (cell: number): boolean => (space.frozen[cell] ? roster.shift[cell]! !== OFF : plan[cell]! !== OFF);
  const requestCost = shiftRequestCosts(space);
  const shiftCount = shiftTypes.length;
  const cost = new Float64Array(people * assignable.length);
  // Per skill: the people who work the day with it.
  const groups = problem.skills.map((): number[] => []);
  for (let d = 0; d < days; d++) {
    for (const group of groups) group.length = 0;
    for (let p = 0; p < people; p++) {
      const cell = p * days + d;
      if (space.frozen[cell] || plan[cell]! === OFF) continue;
      groups[plan[cell]!]!.push(p);
      const carry = problem.staff[p]!.carryIn;
      const before = d === 0 ? (carry.lastShift ?? OFF) : roster.shift[cell - 1]!;
      // Yesterday's run of one shift type, and today's planned working run.
      let run = 0;
      if (before !== OFF) {
        while (run < d && roster.shift[cell - 1 - run]! === before) run++;
        if (run === d && before === (carry.lastShift ?? OFF)) run += carry.consecutiveSameShift;
      }
      let ahead = 1;
      while (d + ahead < days && works(cell + ahead)) ahead++;
      const open = d + ahead === days;
      assignable.forEach((s, i) => {
        const type = shiftTypes[s]!;
        let value = requestCost[cell * shiftCount + s]!;
        if (s === before) {
          if (run + 1 > type.maxConsecutive) value += sameWeight;
          if (!open) value += sameWeight * Math.max(0, type.minConsecutive - run - ahead);
        } else {
          if (before !== OFF) value += sameWeight * Math.max(0, shiftTypes[before]!.minConsecutive - run);
          if (before !== OFF && forbiddenNext[before]![s]) value += hardWeight;
          if (!open) value += sameWeight * Math.max(0, type.minConsecutive - ahead);
        }
        cost[p * assignable.length + i] = value;
      });
    }
    groups.forEach((group, k) => {
      if (group.length === 0) return;
      const chosen = cheapestShiftTypes(problem, covered, d, k, assignable, group.length, hardWeight, (g, i) => cost[group[g]! * assignable.length + i]!);
      group.forEach((p, g) => {
        const s = assignable[chosen[g]!]!;
        roster.shift[p * days + d] = s;
        roster.skill[p * days + d] = k;
        covered[coverageIndex(problem, d, s, k)]!++;
      });
    });
  }
  return roster;
}

/** Per (cell, shift type) at `cell * shiftTypes + s`: what the person's shift requests charge for working it. */
function shiftRequestCosts(space: MoveSpace): Float64Array {
  const { problem, days, people } = space;
  const shiftCount = problem.shiftTypes.length;
  const costs = new Float64Array(people * days * shiftCount);
  for (const preference of problem.preferences) {
    if (preference.kind === 'day_off' || preference.shift === null) continue;
    const at = (preference.person * days + preference.day) * shiftCount;
    for (let s = 0; s < shiftCount; s++) {
      if (preferenceBroken(PREFERENCE_KIND[preference.kind], preference.shift, s)) costs[at + s]! += problem.weights.preference;
    }
  }
  return costs;
}

/**
 * The shift type (an index into `assignable`) for each of `n` people, who all work day `d` with skill `k`, at
 * least cost by a minimum-cost flow: person g taking the i-th shift type costs `costOf(g, i)`; a shift type earns, for
 * each person it gets while under its minimum, `hardWeight`, and while under its optimum, the optimum's weight.
 */
export function cheapestShiftTypes(
  problem: RosterProblem,
  covered: ArrayLike<number>,
  d: number,
  k: number,
  assignable: number[],
  n: number,
  hardWeight: number,
  costOf: (g: number, i: number) => number,
): Int32Array {
  const source = 0;
  const sink = n + assignable.length + 1;
  const flow = new MinCostFlow(sink + 1);
  const edges = new Int32Array(n * assignable.length);
  for (let g = 0; g < n; g++) {
    flow.addEdge(source, 1 + g, 1, 0);
    for (let i = 0; i < assignable.length; i++) edges[g * assignable.length + i] = flow.addEdge(1 + g, 1 + n + i, 1, costOf(g, i));
  }
  assignable.forEach((s, i) => {
    const index = coverageIndex(problem, d, s, k);
    const has = covered[index]!;
    const minimum = problem.minimum[index]!;
    const optimal = problem.optimal[index]!;
    const node = 1 + n + i;
    // Tiers of what one more person earns, richest first: under both, under the minimum only, under the optimum only.
    const both = Math.max(0, Math.min(minimum, optimal) - has);
    const minimumOnly = Math.max(0, minimum - Math.max(optimal, has));
    const optimalOnly = Math.max(0, optimal - Math.max(minimum, has));
    const optimalWeight = problem.weights.coverage_optimal;
    if (both > 0) flow.addEdge(node, sink, both, -(hardWeight + optimalWeight));
    if (minimumOnly > 0) flow.addEdge(node, sink, minimumOnly, -hardWeight);
    if (optimalOnly > 0) flow.addEdge(node, sink, optimalOnly, -optimalWeight);
    flow.addEdge(node, sink, n, 0);
  });
  flow.send(source, sink, n);
  const chosen = new Int32Array(n);
  for (let g = 0; g < n; g++) {
    for (let i = 0; i < assignable.length; i++) if (flow.flowOn(edges[g * assignable.length + i]!) > 0) chosen[g] = i;
  }
  return chosen;
}

export interface LayerSchedule {
  /** How far along the annealing is after `done` moves, from 0 to 1: it stops at 1 (asked every 1000 moves). */
  progress(done: number): number;
  /** A budget of moves, never exceeded (the last batch is cut to it). */
  maxMoves?: number;
  startTemperature: number;
  endTemperature: number;
  hardWeight: number;
}

/**
 * Simulated annealing over the shift types of the working days, which it keeps: a working cell's shift type
 * changed, a stretch of up to five days of a working run given one shift type, or two people who work a day
 * trading their cells (each has the other's skill). Frozen cells are not touched.
 */
export function annealShiftTypes(state: SearchState, space: MoveSpace, random: Random, schedule: LayerSchedule): number {
  const { days, people, assignable } = space;
  const shift = state.roster.shift;
  const skill = state.roster.skill;
  const cooling = Math.log(schedule.endTemperature / schedule.startTemperature);
  let done = 0;
  if (assignable.length === 0 || people === 0 || days === 0) return 0;
  for (let progress = schedule.progress(0); progress < 1; progress = schedule.progress(done)) {
    const temperature = schedule.startTemperature * Math.exp(cooling * progress);
    const batch = Math.min(1000, (schedule.maxMoves ?? Number.POSITIVE_INFINITY) - done);
    if (batch <= 0) break;
    for (let i = 0; i < batch; i++) {
      const p = random.int(people);
      const d = random.int(days);
      const cell = p * days + d;
      if (shift[cell]! === OFF || space.frozen[cell]) continue;
      const pick = random.next();
      if (pick < 0.4) {
        const s = assignable[random.int(assignable.length)]!;
        if (s === shift[cell]) continue;
        state.set(p, d, s, skill[cell]!);
      } else if (pick < 0.7) {
        const s = assignable[random.int(assignable.length)]!;
        const end = Math.min(days, d + 2 + random.int(4));
        for (let e = d; e < end; e++) {
          const c = p * days + e;
          if (shift[c]! === OFF || space.frozen[c]) break;
          state.set(p, e, s, skill[c]!);
        }
      } else {
        const q = random.int(people);
        const other = q * days + d;
        if (q === p || shift[other]! === OFF || space.frozen[other]) continue;
        if (!space.hasSkill[p * space.skillCount + skill[other]!] || !space.hasSkill[q * space.skillCount + skill[cell]!]) continue;
        state.swap(p, q, d);
      }
      if (!state.pending()) continue;
      state.evaluate();
      const delta = state.deltaHard * schedule.hardWeight + state.deltaSoft;
      if (delta <= 0 || random.next() < Math.exp(-delta / temperature)) state.commit();
      else state.rollback();
    }
    done += batch;
  }
  return done;
}
