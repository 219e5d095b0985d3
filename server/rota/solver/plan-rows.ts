import type { Highs } from 'highs';
import { personObjective } from '../evaluate.js';
import { brokenCarryCost, nextWeekendState, PREFERENCE_KIND, preferenceBroken, NO_DAY_WORKED, SOME_DAYS_WORKED, WEEKEND_STATES } from '../rule-pieces.js';
import { OFF, coverageIndex, emptyRoster, type RosterProblem, type Roster } from '../problem.js';
import { chooseColumns, type ColumnSource, type MasterOptions } from './master-problem.js';
import { moveSpace, type MoveSpace } from './move-space.js';
import { bestSkill, dayProblem, PathBuffers, WorkRestRuns, type DayProblem } from './working-days.js';

// Module bindings, not global lookups, in the hot loops (a test runner's sandboxed globals are slow to look up).
const { min, max, floor } = Math;
const INFINITY = Number.POSITIVE_INFINITY;

/** Shift types a row's choices can tell apart: one bit each in a cell's open choices, with one for the day off. */
export const MAX_ROW_SHIFT_TYPES = 31;

/**
 * The roster problem one person's row at a time: per cell, which choices are open (a bit per choice: bit 0 the day
 * off, bit 1 + t shift type t) and what the person's requests charge for each choice, with a repair's charge for each
 * choice other than the reference's (from its `from` on). Frozen cells have one choice, the one they hold.
 */
export interface RowProblem {
  day: DayProblem;
  /** Choices per cell: the day off and each shift type. */
  choices: number;
  open: Uint32Array;
  /** At `cell * choices + x`. */
  requestCost: Float64Array;
}

export function rowProblem(space: MoveSpace, start: Roster): RowProblem {
  const day = dayProblem(space, start);
  const { problem, days, people } = space;
  const choices = problem.shiftTypes.length + 1;
  let workMask = 0;
  for (const s of space.assignable) workMask |= 1 << (s + 1);
  const open = new Uint32Array(people * days);
  for (let p = 0; p < people; p++) {
    const canWork = day.skillsOf[p]!.length > 0 ? workMask : 0;
    for (let d = 0; d < days; d++) {
      const cell = p * days + d;
      open[cell] = space.frozen[cell] ? 1 << (start.shift[cell]! + 1) : 1 | canWork;
    }
  }
  const requestCost = new Float64Array(people * days * choices);
  const weight = problem.weights.preference;
  for (const preference of problem.preferences) {
    const at = (preference.person * days + preference.day) * choices;
    const kind = PREFERENCE_KIND[preference.kind];
    // Choice x is shift type x - 1, or OFF for x = 0.
    for (let x = 0; x < choices; x++) if (preferenceBroken(kind, preference.shift ?? OFF, x - 1)) requestCost[at + x]! += weight;
  }
  // Working the reference's shift type with another skill is a change too: the pricing charges that where it picks
  // the skill (`planRosters`).
  const reference = problem.reference;
  if (reference !== undefined && reference.weight !== 0) {
    for (let cell = 0; cell < people * days; cell++) {
      if (cell % days < reference.from) continue;
      const kept = reference.roster.shift[cell]! + 1;
      for (let x = 0; x < choices; x++) if (x !== kept) requestCost[cell * choices + x]! += reference.weight;
    }
  }
  return { day, choices, open, requestCost };
}

/** A person's shape of the search below: the (choice, run, same-shift run) heads and the counters' sizes. */
interface Heads {
  count: number;
  x: Int16Array;
  r: Int16Array;
  q: Int16Array;
  /** Head of (x, r, q) at `(x * runStride + r) * qStride + q`, or -1. */
  of: Int32Array;
  runStride: number;
  qStride: number;
  /** The work and rest runs' arcs, and per kind (0 rest, 1 work) the cap of the run counter. */
  runs: WorkRestRuns;
  capR: number[];
  /** Per shift type: the cap of the same-shift run counter. */
  capQ: Int16Array;
  counts: number;
  countCap: number;
  weekendCounts: number;
  weekendCap: number;
}

/**
 * A counter needs to be exact only up to where its charges stop depending on it: up to the maximum when a run may
 * reach it within the period, else up to the minimum.
 */
function counterCap(least: number, most: number, carried: number, days: number): number {
  const reach = days + carried;
  return max(1, min(reach, most >= reach ? least : max(least, most)));
}

function headsOf(problem: RosterProblem, p: number): Heads {
  const { days, shiftTypes } = problem;
  const person = problem.staff[p]!;
  const contract = person.contract;
  const carry = person.carryIn;
  const runs = new WorkRestRuns(problem, p);
  const capR = [0, 1].map((kind) => counterCap(runs.min[kind]!, runs.max[kind]!, runs.carried[kind]!, days));
  const capQ = Int16Array.from(shiftTypes, (type) => counterCap(type.minConsecutive, type.maxConsecutive, carry.consecutiveSameShift, days));
  const runStride = max(capR[0]!, capR[1]!) + 1;
  const qStride = max(0, ...capQ) + 1;
  const choices = shiftTypes.length + 1;
  const of = new Int32Array(choices * runStride * qStride).fill(-1);
  const x: number[] = [];
  const r: number[] = [];
  const q: number[] = [];
  for (let choice = 0; choice < choices; choice++) {
    const kind = choice > 0 ? 1 : 0;
    for (let run = 1; run <= capR[kind]!; run++) {
      for (let same = choice > 0 ? 1 : 0; same <= (choice > 0 ? capQ[choice - 1]! : 0); same++) {
        of[(choice * runStride + run) * qStride + same] = x.length;
        x.push(choice);
        r.push(run);
        q.push(same);
      }
    }
  }
  const countCap = contract ? min(days, max(contract.minAssignments, contract.maxAssignments)) : 0;
  const weekendCap = contract ? max(0, min(days, contract.maxWorkingWeekends)) : 0;
  return {
    count: x.length,
    x: Int16Array.from(x),
    r: Int16Array.from(r),
    q: Int16Array.from(q),
    of,
    runStride,
    qStride,
    runs,
    capR,
    capQ,
    counts: countCap + 1,
    countCap,
    weekendCounts: weekendCap + 1,
    weekendCap,
  };
}

/** The search for one person's cheapest row, with its scratch space and each person's heads kept between calls. */
export class RowSearch extends PathBuffers {
  private readonly heads = new Map<number, Heads>();

  constructor(private readonly rows: RowProblem) {
    super();
  }

  /**
   * Person p's cheapest row when choice x on day d also earns `gain[d * choices + x]`: a shortest path over the days
   * whose state is (today's choice, the length of the current working or resting run, of the current run of one shift
   * type, assignments so far, working weekends so far, this weekend's state). Charges what the evaluator charges the
   * person (a hard violation at `hardWeight`). Writes each day's choice less one (a shift type, or `OFF`) into `row`
   * and returns the row's cost less its gains; Infinity when the frozen cells leave no row.
   */
  cheapest(p: number, gain: Float64Array, hardWeight: number, row: Int16Array): number {
    const { rows } = this;
    const { day: dp, choices } = rows;
    const { problem, days } = dp;
    const weights = problem.weights;
    let heads = this.heads.get(p);
    if (heads === undefined) {
      heads = headsOf(problem, p);
      this.heads.set(p, heads);
    }
    const { counts, countCap, weekendCounts, weekendCap, runs, capR, capQ, runStride, qStride } = heads;
    const person = problem.staff[p]!;
    const contract = person.contract;
    const maxAssignments = contract ? contract.maxAssignments : days + 1;
    const weekendLimit = contract ? contract.maxWorkingWeekends : days + 1;
    const countWeekends = contract !== null && contract !== undefined;
    const completeWeekends = contract?.completeWeekends === true;
    const shiftTypes = problem.shiftTypes;
    const sameWeight = weights.consecutive_same_shift;
    /** One assignment count's states: (working weekends, this weekend's state). */
    const rowWidth = weekendCounts * WEEKEND_STATES;
    const block = counts * rowWidth;
    const size = heads.count * block;
    this.ensure(size, days);
    let cost = this.cost;
    let next = this.next;
    const back = this.back;
    const carry = person.carryIn;
    const carriedShift = carry.lastShift ?? OFF;
    let alive = new Uint8Array(heads.count);
    let nextAlive = new Uint8Array(heads.count);
    let weekendsBefore = 0;
    // The assignments so far that any state holds lie within [aLow, aHigh]: frozen days move both alike, so that
    // the search over a few open days between frozen ones visits few counts.
    let aLow = 0;
    let aHigh = 0;
    for (let d = 0; d < days; d++) {
      nextAlive.fill(0);
      const cell = p * days + d;
      const open = rows.open[cell]!;
      // Tomorrow's states hold assignments within [nextLow, nextHigh]: only those rows of a head's block are cleared,
      // when the head is first reached, and only they are read tomorrow (most of a block is never reached).
      const nextLow: number = (open & 1) === 0 ? min(aLow + 1, countCap) : aLow;
      const nextHigh: number = open !== 1 ? min(aHigh + 1, countCap) : aHigh;
      const weekendDay = dp.inWeekend[d] === 1;
      const firstOfWeekend = dp.weekendStarts[d] === 1;
      const lastOfWeekend = dp.weekendEnds[d] === 1;
      const kTop = min(weekendsBefore, weekendCap);
      const sTop = d > 0 && dp.inWeekend[d - 1] === 1 && dp.weekendEnds[d - 1] === 0 ? WEEKEND_STATES - 1 : 0;
      const backBase = d * size;
      const sources = d === 0 ? 1 : heads.count;
      for (let h = 0; h < sources; h++) {
        if (d > 0 && alive[h] === 0) continue;
        const x: number = d === 0 ? carriedShift + 1 : heads.x[h]!;
        const r = d === 0 ? 0 : heads.r[h]!;
        const q = d === 0 ? 0 : heads.q[h]!;
        const kind = x > 0 ? 1 : 0;
        for (let nx = 0; nx < choices; nx++) {
          if ((open & (1 << nx)) === 0) continue;
          const nkind = nx > 0 ? 1 : 0;
          let c = rows.requestCost[cell * choices + nx]! - (nx > 0 ? gain[d * choices + nx]! : 0);
          let nr: number;
          let nq = 0;
          if (d === 0) {
            // Day 0 goes on from the run of its own kind carried in; the carried run of the other kind, broken, is
            // judged for being too short; the carried shift type likewise.
            c = runs.firstDay(c, nkind);
            nr = runs.firstRun(nkind, capR[nkind]!);
            if (nx > 0) {
              const type = shiftTypes[nx - 1]!;
              const same = nx === x ? carry.consecutiveSameShift : 0;
              nq = min(same + 1, capQ[nx - 1]!);
              if (same + 1 > type.maxConsecutive) c += sameWeight;
            }
            if (x > 0 && nx !== x) c += sameWeight * brokenCarryCost(carry.consecutiveSameShift, shiftTypes[x - 1]!.minConsecutive);
          } else {
            c = runs.step(c, kind, r, nkind);
            nr = runs.nextRun(kind, r, nkind, capR[nkind]!);
            if (nx > 0) {
              const type = shiftTypes[nx - 1]!;
              if (nx === x) {
                nq = min(q + 1, capQ[nx - 1]!);
                if (q + 1 > type.maxConsecutive) c += sameWeight;
              } else {
                nq = 1;
                if (1 > type.maxConsecutive) c += sameWeight;
              }
            }
            if (x > 0 && nx !== x) c += sameWeight * max(0, shiftTypes[x - 1]!.minConsecutive - q);
          }
          if (x > 0 && nx > 0 && problem.forbiddenNext[x - 1]![nx - 1]) c += hardWeight;
          const nh = heads.of[(nx * runStride + nr) * qStride + nq]!;
          const fromBase = d === 0 ? 0 : h * block;
          const toBase = nh * block;
          if (nextAlive[nh] === 0) {
            nextAlive[nh] = 1;
            next.fill(INFINITY, toBase + nextLow * rowWidth, toBase + (nextHigh + 1) * rowWidth);
          }
          for (let a = aLow; a <= aHigh; a++) {
            let ca = c;
            let na = a;
            if (nkind === 1) {
              if (a + 1 > maxAssignments) ca += weights.total_assignments;
              na = min(a + 1, countCap);
            }
            for (let k = 0; k <= kTop; k++) {
              for (let s = 0; s <= sTop; s++) {
                const from = fromBase + (a * weekendCounts + k) * WEEKEND_STATES + s;
                const here = d === 0 ? (from === 0 ? 0 : INFINITY) : cost[from]!;
                if (here === INFINITY) continue;
                let total = here + ca;
                let nk = k;
                let ns: number = NO_DAY_WORKED;
                if (weekendDay && countWeekends) {
                  ns = nextWeekendState(s, nkind === 1, firstOfWeekend);
                  if (nkind === 1 && (firstOfWeekend || s === NO_DAY_WORKED)) {
                    if (k + 1 > weekendLimit) total += weights.working_weekends;
                    nk = min(k + 1, weekendCap);
                  }
                  if (lastOfWeekend) {
                    if (completeWeekends && ns === SOME_DAYS_WORKED) total += weights.complete_weekend;
                    ns = NO_DAY_WORKED;
                  }
                }
                const to = toBase + (na * weekendCounts + nk) * WEEKEND_STATES + ns;
                if (total < next[to]!) {
                  next[to] = total;
                  back[backBase + to] = from;
                }
              }
            }
          }
        }
      }
      if (firstOfWeekend) weekendsBefore++;
      aLow = nextLow;
      aHigh = nextHigh;
      [cost, next] = [next, cost];
      [alive, nextAlive] = [nextAlive, alive];
    }
    let best = INFINITY;
    let bestState = -1;
    const minAssignments = contract ? contract.minAssignments : 0;
    for (let h = 0; h < heads.count; h++) {
      if (alive[h] === 0) continue;
      for (let a = aLow; a <= aHigh; a++) {
        const shortfall = weights.total_assignments * max(0, minAssignments - a);
        for (let i = 0; i < rowWidth; i++) {
          const state = h * block + a * rowWidth + i;
          const total = cost[state]! + shortfall;
          if (total < best) {
            best = total;
            bestState = state;
          }
        }
      }
    }
    if (bestState < 0) return INFINITY;
    for (let d = days - 1, state = bestState; d >= 0; d--) {
      row[d] = heads.x[floor(state / block)]! - 1;
      state = back[d * size + state]!;
    }
    return best;
  }
}

/**
 * The master's view of `rowProblem` (`chooseColumns`): each person's pricing is the row search (`RowSearch`) with each
 * (day, shift type) earning the price of the skill that earns most (less a repair's charge for a skill other than the
 * reference's), each column's cost what the solver charges the person (`personObjective`: a hard violation at
 * `hardWeight`). With `everyDay` false, a day on which every cell is frozen is left out of the requirements (it covers
 * what it covers whatever is chosen).
 */
export function rowColumnSource(space: MoveSpace, rows: RowProblem, hardWeight: number, everyDay: boolean): ColumnSource<Roster> {
  const { problem, days, people } = space;
  const { choices } = rows;
  const search = new RowSearch(rows);
  const gain = new Float64Array(days * choices);
  const gainSkill = new Int16Array(days * choices);
  const row = new Int16Array(days);
  const scratch = emptyRoster(problem);
  const reference = problem.reference;
  const openDay = new Uint8Array(days);
  for (let cell = 0; cell < space.frozen.length; cell++) if (everyDay || !space.frozen[cell]) openDay[cell % days] = 1;
  const perDay = problem.shiftTypes.length * problem.skills.length;
  return {
    people,
    minimum: problem.minimum.map((need, i) => (openDay[floor(i / perDay)] ? need : 0)),
    optimal: problem.optimal.map((need, i) => (openDay[floor(i / perDay)] ? need : 0)),
    optimalWeight: problem.weights.coverage_optimal,
    cost: (p, column) => {
      scratch.shift.set(column.shift, p * days);
      scratch.skill.set(column.skill, p * days);
      const score = personObjective(problem, scratch, p);
      return score.soft + hardWeight * score.hard;
    },
    covers: (_, column) => Array.from(column.shift).flatMap((shift, d) => (shift === OFF ? [] : [coverageIndex(problem, d, shift, column.skill[d]!)])),
    cheapest: (p, price) => {
      for (let d = 0; d < days; d++) {
        const cell = p * days + d;
        // On the reference's shift type, its skill is free and any other costs the change charge.
        const keptShift = reference !== undefined && d >= reference.from ? reference.roster.shift[cell]! : OFF;
        const keptSkill = keptShift === OFF ? OFF : reference!.roster.skill[cell]!;
        const charge = keptShift === OFF ? 0 : reference!.weight;
        for (let shift = 0; shift < choices - 1; shift++) {
          const earns = (k: number) => price[coverageIndex(problem, d, shift, k)]! - (shift === keptShift && k !== keptSkill ? charge : 0);
          const skill = bestSkill(rows.day, p, d, earns);
          gain[d * choices + shift + 1] = skill === OFF ? 0 : earns(skill);
          gainSkill[d * choices + shift + 1] = skill;
        }
      }
      const value = search.cheapest(p, gain, hardWeight, row);
      const column: Roster = { shift: Int16Array.from(row), skill: Int16Array.from(row, (shift, d) => (shift === OFF ? OFF : gainSkill[d * choices + shift + 1]!)) };
      return { column, value };
    },
  };
}

/** Each person's row of `roster`, as a column of `rowColumnSource`. */
export function rowColumns(space: MoveSpace, roster: Roster): Roster[] {
  const { days, people } = space;
  return Array.from({ length: people }, (_, p) => ({ shift: roster.shift.slice(p * days, (p + 1) * days), skill: roster.skill.slice(p * days, (p + 1) * days) }));
}

/**
 * Everyone's rows by column generation (`chooseColumns`) over `rowProblem` (`rowColumnSource`). Starts from the
 * people's rows in `start`; frozen cells keep what it holds. At most `MAX_ROW_SHIFT_TYPES` shift types.
 */
export function planRosters(space: MoveSpace, start: Roster, highs: Highs, options: MasterOptions): Roster {
  const { problem, days } = space;
  const source = rowColumnSource(space, rowProblem(space, start), options.hardWeight, false);
  const chosen = chooseColumns(source, rowColumns(space, start), highs, options);
  const roster = emptyRoster(problem);
  chosen.forEach((column, p) => {
    roster.shift.set(column.shift, p * days);
    roster.skill.set(column.skill, p * days);
  });
  return roster;
}

/**
 * Everyone's rows re-planned by `planRosters` over the days [from, from + length) only: every other cell keeps what
 * `roster` holds, as do the frozen cells of `space`. A large neighbourhood of the whole ward over a few days, small
 * enough to plan exactly where the whole period is not.
 */
export function planWindow(space: MoveSpace, roster: Roster, from: number, length: number, highs: Highs, options: MasterOptions): Roster {
  const { days } = space;
  const pinned = Uint8Array.from(space.pinned, (pin, cell) => (pin || cell % days < from || cell % days >= from + length ? 1 : 0));
  return planRosters(moveSpace(space.problem, pinned, space.maxBlock), roster, highs, options);
}
