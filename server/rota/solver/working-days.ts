import { brokenCarryCost, nextWeekendState, PREFERENCE_KIND, preferenceBroken, runCost, NO_DAY_WORKED, SOME_DAYS_WORKED, WEEKEND_STATES, weekendTable } from '../rule-pieces.js';
import { OFF, coverageIndex, type RosterProblem, type Roster } from '../problem.js';
import type { MoveSpace } from './move-space.js';

// Module bindings, not global lookups, in the hot loops (a test runner's sandboxed globals are slow to look up).
const { min, max, floor } = Math;
const INFINITY = Number.POSITIVE_INFINITY;

/** A cell the plan may choose: neither pinned nor on leave. */
export const FREE = -2;

/**
 * The roster problem with shift types left out: which days each person works, and with which skill. Coverage is
 * summed over shift types per day and skill; a person's cost is what the evaluator charges for their working and
 * resting runs, their total assignments, their weekends and their requests, none of which depends on the shift
 * types. Requests against one shift type are left out (another shift type honours them), a request to work one
 * counts as a request not to rest. Every roster costs at least as much as its working days do here.
 */
export interface DayProblem {
  problem: RosterProblem;
  days: number;
  people: number;
  skillCount: number;
  /** Per cell: the skill of a frozen working cell, OFF for a frozen day off, FREE for a cell the plan chooses. */
  fixed: Int16Array;
  /** Per person: the skills they may work with. */
  skillsOf: number[][];
  /** Per cell: what working costs (a request for the day off) and what resting costs (a request to work). */
  workCost: Float64Array;
  restCost: Float64Array;
  /** Per day: 1 on the first and on the last day of a weekend (a maximal run of weekend days of the period). */
  weekendStarts: Uint8Array;
  weekendEnds: Uint8Array;
  inWeekend: Uint8Array;
  /** Per (day, skill), at `day * skillCount + skill`: the requirements' minimum and optimum summed over shift types. */
  minimum: Int32Array;
  optimal: Int32Array;
}

export function dayProblem(space: MoveSpace, start: Roster): DayProblem {
  const { problem, days, people, skillCount } = space;
  const fixed = new Int16Array(people * days).fill(FREE);
  for (let cell = 0; cell < fixed.length; cell++) {
    if (space.frozen[cell]) fixed[cell] = start.shift[cell]! === OFF ? OFF : start.skill[cell]!;
  }
  const workCost = new Float64Array(people * days);
  const restCost = new Float64Array(people * days);
  const weight = problem.weights.preference;
  for (const preference of problem.preferences) {
    const cell = preference.person * days + preference.day;
    const kind = PREFERENCE_KIND[preference.kind];
    // Only a day off's request is broken by every shift type; any other is honoured by some shift type when working.
    if (kind === PREFERENCE_KIND.day_off) workCost[cell]! += weight;
    else if (preferenceBroken(kind, preference.shift ?? OFF, OFF)) restCost[cell]! += weight;
  }
  const weekends = weekendTable(problem);
  const inWeekend = Uint8Array.from(weekends.of, (w) => (w >= 0 ? 1 : 0));
  const weekendStarts = Uint8Array.from(weekends.of, (w, d) => (w >= 0 && weekends.first[w] === d ? 1 : 0));
  const weekendEnds = Uint8Array.from(weekends.of, (w, d) => (w >= 0 && weekends.last[w] === d ? 1 : 0));
  const minimum = new Int32Array(days * skillCount);
  const optimal = new Int32Array(days * skillCount);
  for (let d = 0; d < days; d++) {
    for (let s = 0; s < problem.shiftTypes.length; s++) {
      for (let k = 0; k < skillCount; k++) {
        minimum[d * skillCount + k]! += problem.minimum[coverageIndex(problem, d, s, k)]!;
        optimal[d * skillCount + k]! += problem.optimal[coverageIndex(problem, d, s, k)]!;
      }
    }
  }
  const skillsOf = problem.staff.map((person, p) => (space.assignable.length === 0 ? [] : person.skills.filter((k) => space.hasSkill[p * skillCount + k])));
  return { problem, days, people, skillCount, fixed, skillsOf, workCost, restCost, weekendStarts, weekendEnds, inWeekend, minimum, optimal };
}

/**
 * Of the skills person p may work day d with (a frozen cell's own, else the person's), the one whose requirement earns
 * most at `price` (`priceOf(skill)`); `OFF` when there is none.
 */
export function bestSkill(dp: DayProblem, p: number, d: number, priceOf: (skill: number) => number): number {
  const fixed = dp.fixed[p * dp.days + d]!;
  let best = OFF;
  let earned = Number.NEGATIVE_INFINITY;
  for (const k of fixed >= 0 ? [fixed] : dp.skillsOf[p]!) {
    const here = priceOf(k);
    if (here > earned) {
      earned = here;
      best = k;
    }
  }
  return best;
}

/**
 * What person p's working days cost (1 = works): the evaluator's consecutive working days and days off (with the
 * days carried in), total assignments, working and complete weekends, and the requests of `dayProblem`.
 */
export function patternCost(dp: DayProblem, p: number, work: Uint8Array): number {
  const { problem, days } = dp;
  const weights = problem.weights;
  const base = p * days;
  let cost = 0;
  for (let d = 0; d < days; d++) cost += work[d] ? dp.workCost[base + d]! : dp.restCost[base + d]!;
  const person = problem.staff[p]!;
  const contract = person.contract;
  if (!contract) return cost;
  for (const kind of [1, 0]) {
    const least = kind ? contract.minConsecutiveWorkingDays : contract.minConsecutiveDaysOff;
    const most = kind ? contract.maxConsecutiveWorkingDays : contract.maxConsecutiveDaysOff;
    const carried = kind ? person.carryIn.consecutiveWorkingDays : person.carryIn.consecutiveDaysOff;
    const weight = kind ? weights.consecutive_working_days : weights.consecutive_days_off;
    if (work[0] !== kind) cost += weight * brokenCarryCost(carried, least);
    for (let start = 0; start < days; ) {
      let end = start + 1;
      while (end < days && work[end] === work[start]) end++;
      if (work[start] === kind) cost += weight * runCost(end - start, start === 0 ? carried : 0, end === days, least, most);
      start = end;
    }
  }
  let assignments = 0;
  for (let d = 0; d < days; d++) assignments += work[d]!;
  cost += weights.total_assignments * (max(0, contract.minAssignments - assignments) + max(0, assignments - contract.maxAssignments));
  let weekends = 0;
  const { first, last } = weekendTable(problem);
  for (let w = 0; w < first.length; w++) {
    let worked = 0;
    for (let d = first[w]!; d <= last[w]!; d++) worked += work[d]!;
    if (worked > 0) weekends++;
    if (contract.completeWeekends && worked > 0 && worked <= last[w]! - first[w]!) cost += weights.complete_weekend;
  }
  cost += weights.working_weekends * max(0, weekends - contract.maxWorkingWeekends);
  return cost;
}

/**
 * Scratch space of a shortest path over the days, kept between searches and grown as needed: the cost of each state
 * today and tomorrow, and per day the state each came from.
 */
export class PathBuffers {
  protected cost = new Float64Array(0);
  protected next = new Float64Array(0);
  protected back = new Int32Array(0);

  protected ensure(size: number, days: number): void {
    if (this.cost.length < size) {
      this.cost = new Float64Array(size);
      this.next = new Float64Array(size);
    }
    if (this.back.length < size * days) this.back = new Int32Array(size * days);
  }
}

/**
 * The arcs of the work and rest runs in a shortest path over one person's days, as `PatternSearch` and `RowSearch` both
 * take them: a state knows the kind of its day (0 rest, 1 work) and the length of the run it ends, and each arc charges
 * the contract's limits as the evaluator does (`runCost`, `brokenCarryCost`) at the weights of the runs. Indexed by
 * kind. Without a contract nothing is charged.
 */
export class WorkRestRuns {
  readonly min: number[];
  readonly max: number[];
  readonly weight: number[];
  /** The runs carried in: day 0 goes on from the run of its own kind. */
  readonly carried: number[];

  constructor(problem: RosterProblem, p: number) {
    const { days, weights } = problem;
    const person = problem.staff[p]!;
    const contract = person.contract;
    this.min = contract ? [contract.minConsecutiveDaysOff, contract.minConsecutiveWorkingDays] : [0, 0];
    this.max = contract ? [contract.maxConsecutiveDaysOff, contract.maxConsecutiveWorkingDays] : [days + 1, days + 1];
    this.weight = contract ? [weights.consecutive_days_off, weights.consecutive_working_days] : [0, 0];
    this.carried = [person.carryIn.consecutiveDaysOff, person.carryIn.consecutiveWorkingDays];
  }

  /**
   * `c` and what day 0 of kind `next` costs: the carried run of its kind goes on (too long?), the carried run of the
   * other kind, broken, is judged for being too short (as the evaluator does, even when both were carried in).
   */
  firstDay(c: number, next: number): number {
    if (this.carried[next]! + 1 > this.max[next]!) c += this.weight[next]!;
    return c + this.weight[1 - next]! * brokenCarryCost(this.carried[1 - next]!, this.min[1 - next]!);
  }

  /** `c` and what a day of kind `next` costs after a run of `run` days of kind `kind`: going on too long, or ending it too short. */
  step(c: number, kind: number, run: number, next: number): number {
    if (next === kind) return run + 1 > this.max[kind]! ? c + this.weight[kind]! : c;
    c += this.weight[kind]! * max(0, this.min[kind]! - run);
    return 1 > this.max[next]! ? c + this.weight[next]! : c;
  }

  /** The run's length after day 0 of kind `next`, counted up to `cap`. */
  firstRun(next: number, cap: number): number {
    return min(this.carried[next]! + 1, cap);
  }

  /** The run's length after a day of kind `next` that follows a run of `run` days of kind `kind`, counted up to `cap`. */
  nextRun(kind: number, run: number, next: number, cap: number): number {
    return next === kind ? min(run + 1, cap) : 1;
  }
}

/** The search for one person's cheapest working days (`cheapest`), with its scratch space kept between calls. */
export class PatternSearch extends PathBuffers {

  /**
   * Person p's cheapest working days when working day d also earns `gain[d]`: a shortest path over the days
   * whose state is (working or not, length of the current run, assignments so far, working weekends so far, this
   * weekend's state), each counter exact up to where the contract's charge stops depending on it. Writes the
   * pattern into `work` and returns its cost, `patternCost` less the gains of the days worked.
   */
  cheapest(dp: DayProblem, p: number, gain: Float64Array, work: Uint8Array): number {
    const { problem, days } = dp;
    const base = p * days;
    const canWork = dp.skillsOf[p]!.length > 0;
    const person = problem.staff[p]!;
    const contract = person.contract;
    if (!contract) {
      let total = 0;
      for (let d = 0; d < days; d++) {
        const fixed = dp.fixed[base + d]!;
        const working = fixed === FREE ? canWork && dp.workCost[base + d]! - gain[d]! < dp.restCost[base + d]! : fixed !== OFF;
        work[d] = working ? 1 : 0;
        total += working ? dp.workCost[base + d]! - gain[d]! : dp.restCost[base + d]!;
      }
      return total;
    }
    const weights = problem.weights;
    const arcs = new WorkRestRuns(problem, p);
    const cap = [min(days, max(arcs.min[0]!, arcs.max[0]!)), min(days, max(arcs.min[1]!, arcs.max[1]!))];
    const runs = max(cap[0]!, cap[1]!) + 1;
    const countCap = min(days, max(contract.minAssignments, contract.maxAssignments));
    const counts = countCap + 1;
    const weekendCap = max(0, min(days, contract.maxWorkingWeekends));
    const weekendCounts = weekendCap + 1;
    const size = 2 * runs * counts * weekendCounts * WEEKEND_STATES;
    this.ensure(size, days);
    let cost = this.cost;
    let next = this.next;
    const back = this.back;
    const index = (w: number, r: number, a: number, k: number, s: number): number => (((w * runs + r) * counts + a) * weekendCounts + k) * WEEKEND_STATES + s;
    cost.fill(INFINITY, 0, size);
    cost[0] = 0;
    let weekendsBefore = 0;
    for (let d = 0; d < days; d++) {
      next.fill(INFINITY, 0, size);
      const fixed = dp.fixed[base + d]!;
      const weekendDay = dp.inWeekend[d] === 1;
      const firstOfWeekend = dp.weekendStarts[d] === 1;
      const lastOfWeekend = dp.weekendEnds[d] === 1;
      const workHere = dp.workCost[base + d]! - gain[d]!;
      const restHere = dp.restCost[base + d]!;
      const backBase = d * size;
      // Only reachable states are visited: at most d assignments and one weekend per weekend begun so far, and a
      // weekend's state only inside a weekend.
      const aTop = min(d, countCap);
      const kTop = min(weekendsBefore, weekendCap);
      const sTop = d > 0 && dp.inWeekend[d - 1] === 1 && dp.weekendEnds[d - 1] === 0 ? WEEKEND_STATES - 1 : 0;
      for (let w = 0; w < 2; w++) {
        for (let r = 0; r < runs; r++) {
          for (let a = 0; a <= aTop; a++) {
            for (let k = 0; k <= kTop; k++) {
              for (let s = 0; s <= sTop; s++) {
                const from = index(w, r, a, k, s);
                const here = cost[from]!;
                if (here === INFINITY) continue;
                for (let nw = 0; nw < 2; nw++) {
                  if (fixed === FREE ? nw === 1 && !canWork : (fixed === OFF) === (nw === 1)) continue;
                  let c = d === 0 ? arcs.firstDay(here, nw) : arcs.step(here, w, r, nw);
                  const nr = d === 0 ? arcs.firstRun(nw, cap[nw]!) : arcs.nextRun(w, r, nw, cap[nw]!);
                  let na = a;
                  if (nw === 1) {
                    c += workHere;
                    if (a + 1 > contract.maxAssignments) c += weights.total_assignments;
                    na = min(a + 1, countCap);
                  } else {
                    c += restHere;
                  }
                  let nk = k;
                  let ns: number = NO_DAY_WORKED;
                  if (weekendDay) {
                    ns = nextWeekendState(s, nw === 1, firstOfWeekend);
                    if (nw === 1 && (firstOfWeekend || s === NO_DAY_WORKED)) {
                      if (k + 1 > contract.maxWorkingWeekends) c += weights.working_weekends;
                      nk = min(k + 1, weekendCap);
                    }
                    if (lastOfWeekend) {
                      if (contract.completeWeekends && ns === SOME_DAYS_WORKED) c += weights.complete_weekend;
                      ns = NO_DAY_WORKED;
                    }
                  }
                  const to = index(nw, nr, na, nk, ns);
                  if (c < next[to]!) {
                    next[to] = c;
                    back[backBase + to] = from;
                  }
                }
              }
            }
          }
        }
      }
      if (firstOfWeekend) weekendsBefore++;
      const swap = cost;
      cost = next;
      next = swap;
    }
    let best = INFINITY;
    let bestState = -1;
    for (let state = 0; state < size; state++) {
      const here = cost[state]!;
      if (here === INFINITY) continue;
      const a = floor(state / (weekendCounts * WEEKEND_STATES)) % counts;
      const total = here + weights.total_assignments * max(0, contract.minAssignments - a);
      if (total < best) {
        best = total;
        bestState = state;
      }
    }
    for (let d = days - 1, state = bestState; d >= 0; d--) {
      work[d] = floor(state / (runs * counts * weekendCounts * WEEKEND_STATES));
      state = back[d * size + state]!;
    }
    return best;
  }
}
