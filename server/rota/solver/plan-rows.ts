import type { Highs } from 'highs';
import { coverageCounts, personObjective } from '../evaluate.js';
import { brokenCarryCost, nextWeekendState, PREFERENCE_KIND, preferenceBroken, NO_DAY_WORKED, SOME_DAYS_WORKED, WEEKEND_STATES } from '../rule-pieces.js';
import { OFF, copyRoster, coverageIndex, emptyRoster, type RosterProblem, type Roster } from '../problem.js';
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
  /** The arc from head h by choice nx on a day after the first, at `h * choices + nx`: the head it reaches. */
  to: Int32Array;
  /**
   * That arc's charges in the order the evaluator's pieces add them (`ARC_CHARGES` each, 0 where a piece charges
   * nothing): the run's step, twice (`WorkRestRuns.step`), the same-shift run going on too long, the same-shift run
   * ended too short. Each is added in turn so that the sums are the same to the last bit.
   */
  charges: Float64Array;
  /** That arc is a forbidden succession (charged at the search's hard weight). */
  forbidden: Uint8Array;
}

const ARC_CHARGES = 4;

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
  const count = x.length;
  const sameWeight = problem.weights.consecutive_same_shift;
  const to = new Int32Array(count * choices);
  const charges = new Float64Array(count * choices * ARC_CHARGES);
  const forbidden = new Uint8Array(count * choices);
  for (let h = 0; h < count; h++) {
    const kind = x[h]! > 0 ? 1 : 0;
    for (let nx = 0; nx < choices; nx++) {
      const nkind = nx > 0 ? 1 : 0;
      const arc = h * choices + nx;
      const at = arc * ARC_CHARGES;
      // The run's step as `WorkRestRuns.step` adds it: one charge when the run goes on, two when it ends.
      if (nkind === kind) charges[at] = runs.step(0, kind, r[h]!, nkind);
      else {
        charges[at] = runs.weight[kind]! * max(0, runs.min[kind]! - r[h]!);
        charges[at + 1] = 1 > runs.max[nkind]! ? runs.weight[nkind]! : 0;
      }
      const nr = runs.nextRun(kind, r[h]!, nkind, capR[nkind]!);
      let nq = 0;
      if (nx > 0) {
        const type = shiftTypes[nx - 1]!;
        const same = nx === x[h] ? q[h]! : 0;
        nq = min(same + 1, capQ[nx - 1]!);
        if (same + 1 > type.maxConsecutive) charges[at + 2] = sameWeight;
      }
      if (x[h]! > 0 && nx !== x[h]) charges[at + 3] = sameWeight * max(0, shiftTypes[x[h]! - 1]!.minConsecutive - q[h]!);
      forbidden[arc] = x[h]! > 0 && nx > 0 && problem.forbiddenNext[x[h]! - 1]![nx - 1] ? 1 : 0;
      to[arc] = of[(nx * runStride + nr) * qStride + nq]!;
    }
  }
  const countCap = contract ? min(days, max(contract.minAssignments, contract.maxAssignments)) : 0;
  const weekendCap = contract ? max(0, min(days, contract.maxWorkingWeekends)) : 0;
  return {
    count,
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
    to,
    charges,
    forbidden,
  };
}

/** A head's reach, `REACH` numbers each: the assignments, the working weekends its states hold, the weekend's states. */
const A_LOW = 0;
const A_HIGH = 1;
const K_LOW = 2;
const K_HIGH = 3;
/** A bit per weekend state. */
const S_MASK = 4;
const REACH = 5;

/** The search for one person's cheapest row, with its scratch space and each person's heads kept between calls. */
export class RowSearch extends PathBuffers {
  private readonly heads = new Map<number, Heads>();
  /**
   * Per head, today's and tomorrow's: whether a state of it is reached, and its reach (`REACH`): the states it may
   * hold, a few more than it holds. The rows of assignments within its reach are cleared, so that all within it that
   * is not reached costs Infinity.
   */
  private alive = new Uint8Array(0);
  private nextAlive = new Uint8Array(0);
  private reach = new Int32Array(0);
  private nextReach = new Int32Array(0);
  /**
   * On a weekend day, per day worked or not (1 or 0) and state (k, s) of an assignment count's row, at
   * `kind * rowWidth + k * WEEKEND_STATES + s`: where in the row tomorrow it goes, and the weekend's two charges in the
   * order they are added (working weekends, complete weekends; 0 where none).
   */
  private weekendTo = new Int32Array(0);
  private weekendCharge = new Float64Array(0);
  private completeCharge = new Float64Array(0);
  /** The same per day worked or not and s, at `kind * WEEKEND_STATES + s`: the state after it, and whether it counts a weekend. */
  private readonly weekendNext = new Int8Array(2 * WEEKEND_STATES);
  private readonly weekendCounted = new Uint8Array(2 * WEEKEND_STATES);
  /** One arc's states of a row on a weekend day, in order: `weekendTo` and the charges gathered for the head's reach. */
  private pick = new Int32Array(0);
  private pickTo = new Int32Array(0);
  private pickCharge = new Float64Array(0);
  private pickComplete = new Float64Array(0);
  /** Given a ceiling: per assignment count, the least a head's states with that count still cost. */
  private least = new Float64Array(0);

  constructor(private readonly rows: RowProblem) {
    super();
  }

  private headsOf(p: number): Heads {
    let heads = this.heads.get(p);
    if (heads === undefined) {
      heads = headsOf(this.rows.day.problem, p);
      this.heads.set(p, heads);
      if (this.alive.length < heads.count) {
        this.alive = new Uint8Array(heads.count);
        this.nextAlive = new Uint8Array(heads.count);
        this.reach = new Int32Array(heads.count * REACH);
        this.nextReach = new Int32Array(heads.count * REACH);
      }
    }
    return heads;
  }

  /**
   * Person p's cheapest row when choice x on day d also earns `gain[d * choices + x]`: a shortest path over the days
   * whose state is (today's choice, the length of the current working or resting run, of the current run of one shift
   * type, assignments so far, working weekends so far, this weekend's state). Charges what the evaluator charges the
   * person (a hard violation at `hardWeight`). Writes each day's choice less one (a shift type, or `OFF`) into `row`
   * and returns the row's cost less its gains; Infinity when the frozen cells leave no row.
   *
   * `ceiling`, when given, is what some row the search can make costs at these gains (no less than the cheapest's): a
   * state whose cost so far plus the least its days left can cost (`costToGo`) exceeds it lies on no cheapest row and
   * is dropped. The answer is the same row; only fewer states are visited.
   */
  cheapest(p: number, gain: Float64Array, hardWeight: number, row: Int16Array, ceiling = INFINITY): number {
    const { rows } = this;
    const { day: dp, choices, requestCost } = rows;
    const { problem, days } = dp;
    const weights = problem.weights;
    const heads = this.headsOf(p);
    const { counts, countCap, weekendCounts, weekendCap, runs, capR, capQ, to: arcTo, charges, forbidden } = heads;
    const person = problem.staff[p]!;
    const contract = person.contract;
    const maxAssignments = contract ? contract.maxAssignments : days + 1;
    const weekendLimit = contract ? contract.maxWorkingWeekends : days + 1;
    const countWeekends = contract !== null && contract !== undefined;
    const completeWeekends = contract?.completeWeekends === true;
    const shiftTypes = problem.shiftTypes;
    const sameWeight = weights.consecutive_same_shift;
    const assignmentWeight = weights.total_assignments;
    const weekendWeight = weights.working_weekends;
    const completeWeight = weights.complete_weekend;
    /** One assignment count's states: (working weekends, this weekend's state). */
    const rowWidth = weekendCounts * WEEKEND_STATES;
    const block = counts * rowWidth;
    const size = heads.count * block;
    this.ensure(size, days);
    let cost = this.cost;
    let next = this.next;
    const back = this.back;
    let { alive, nextAlive, reach, nextReach } = this;
    if (this.weekendTo.length < 2 * rowWidth) {
      this.weekendTo = new Int32Array(2 * rowWidth);
      this.weekendCharge = new Float64Array(2 * rowWidth);
      this.completeCharge = new Float64Array(2 * rowWidth);
      this.pick = new Int32Array(rowWidth);
      this.pickTo = new Int32Array(rowWidth);
      this.pickCharge = new Float64Array(rowWidth);
      this.pickComplete = new Float64Array(rowWidth);
    }
    const { weekendTo, weekendCharge, completeCharge, weekendNext, weekendCounted, pick, pickTo, pickCharge, pickComplete } = this;
    const carry = person.carryIn;
    const carriedShift = carry.lastShift ?? OFF;
    const minAssignments = contract ? contract.minAssignments : 0;
    const limit = ceiling + 1e-6 * max(1, Math.abs(ceiling));
    // The least the days left can cost after each head (`costToGo`), three ways: plain, and with each day worked charged
    // or credited the assignments' weight, which with the assignments so far bounds what the total's limits still charge.
    const countWeight = contract ? assignmentWeight : 0;
    const [toGo, toGoOver, toGoUnder] = limit < INFINITY ? this.costToGo(p, heads, gain, hardWeight, countWeight) : [null, null, null];
    if (toGo !== null && this.least.length < counts) this.least = new Float64Array(counts);
    const least = this.least;
    let weekendsBefore = 0;
    // Day 0 goes on from one state, the carry-in's (a = k = s = 0), at cost 0.
    cost[0] = 0;
    alive.fill(0, 0, heads.count);
    reach.fill(0, 0, REACH);
    reach[S_MASK] = 1;
    for (let d = 0; d < days; d++) {
      nextAlive.fill(0, 0, heads.count);
      const cell = p * days + d;
      const open = rows.open[cell]!;
      const weekendDay = dp.inWeekend[d] === 1;
      const firstOfWeekend = dp.weekendStarts[d] === 1;
      const lastOfWeekend = dp.weekendEnds[d] === 1;
      // Only the working weekends up to kTop are read today, and up to kNextTop tomorrow.
      const kTop = min(weekendsBefore, weekendCap);
      const kNextTop = min(firstOfWeekend ? weekendsBefore + 1 : weekendsBefore, weekendCap);
      const sTop = d > 0 && dp.inWeekend[d - 1] === 1 && dp.weekendEnds[d - 1] === 0 ? WEEKEND_STATES - 1 : 0;
      const weekendRules = weekendDay && countWeekends;
      // Off a weekend (or without a contract to count weekends) the day keeps the weekends counted and leaves no
      // weekend begun: each state goes to the state of the same (k, s = 0), and only s = 0 is held before it.
      const plain = !weekendRules && sTop === 0;
      if (!plain) {
        for (let nkind = 0; nkind < 2; nkind++) {
          for (let s = 0; s <= sTop; s++) {
            let ns: number = NO_DAY_WORKED;
            let counted = 0;
            let broken = 0;
            if (weekendRules) {
              ns = nextWeekendState(s, nkind === 1, firstOfWeekend);
              if (nkind === 1 && (firstOfWeekend || s === NO_DAY_WORKED)) counted = 1;
              if (lastOfWeekend) {
                if (completeWeekends && ns === SOME_DAYS_WORKED) broken = completeWeight;
                ns = NO_DAY_WORKED;
              }
            }
            weekendNext[nkind * WEEKEND_STATES + s] = ns;
            weekendCounted[nkind * WEEKEND_STATES + s] = counted;
            for (let k = 0; k <= kTop; k++) {
              const i = nkind * rowWidth + k * WEEKEND_STATES + s;
              weekendTo[i] = (counted === 1 ? min(k + 1, weekendCap) : k) * WEEKEND_STATES + ns;
              weekendCharge[i] = counted === 1 && k + 1 > weekendLimit ? weekendWeight : 0;
              completeCharge[i] = broken;
            }
          }
        }
      }
      const backBase = d * size;
      const sources = d === 0 ? 1 : heads.count;
      for (let h = 0; h < sources; h++) {
        if (d > 0 && alive[h] === 0) continue;
        let fromLow = reach[h * REACH + A_LOW]!;
        let fromHigh = reach[h * REACH + A_HIGH]!;
        if (d > 0 && toGo !== null) {
          // The least the days left cost a state of this head with a assignments so far. Of the W days it still works,
          // those past the maximum cost the weight each: at least weight × (W − (maximum − a)). The shortfall under the
          // minimum at the end costs at least weight × (minimum − a − W). Either, with W's days charged or credited the
          // weight along the way (`toGoOver`, `toGoUnder`), is a bound; the plain one leaves the counters out.
          const at = d * heads.count + h;
          for (let a = fromLow; a <= fromHigh; a++) {
            let bound = toGo[at]!;
            bound = max(bound, toGoOver![at]! - countWeight * max(0, maxAssignments - a));
            bound = max(bound, toGoUnder![at]! + countWeight * (minAssignments - a));
            least[a] = bound;
          }
          // Past the ceiling: dropped, and the counts walked below narrowed to those left.
          let first = -1;
          let last = -1;
          for (let a = fromLow; a <= fromHigh; a++) {
            const most = limit - least[a]!;
            for (let i = h * block + a * rowWidth, end = i + rowWidth; i < end; i++) {
              const here = cost[i]!;
              if (here === INFINITY) continue;
              if (here > most) {
                cost[i] = INFINITY;
              } else {
                if (first < 0) first = a;
                last = a;
              }
            }
          }
          if (first < 0) continue;
          fromLow = first;
          fromHigh = last;
        }
        const kLow = reach[h * REACH + K_LOW]!;
        const kHigh = reach[h * REACH + K_HIGH]!;
        const sMask = reach[h * REACH + S_MASK]!;
        const fromBase = h * block;
        for (let nx = 0; nx < choices; nx++) {
          if ((open & (1 << nx)) === 0) continue;
          const nkind = nx > 0 ? 1 : 0;
          let c = nx > 0 ? requestCost[cell * choices + nx]! - gain[d * choices + nx]! : requestCost[cell * choices]!;
          let nh: number;
          if (d === 0) {
            // Day 0 goes on from the run of its own kind carried in; the carried run of the other kind, broken, is
            // judged for being too short; the carried shift type likewise.
            const x: number = carriedShift + 1;
            c = runs.firstDay(c, nkind);
            const nr = runs.firstRun(nkind, capR[nkind]!);
            let nq = 0;
            if (nx > 0) {
              const type = shiftTypes[nx - 1]!;
              const same = nx === x ? carry.consecutiveSameShift : 0;
              nq = min(same + 1, capQ[nx - 1]!);
              if (same + 1 > type.maxConsecutive) c += sameWeight;
            }
            if (x > 0 && nx !== x) c += sameWeight * brokenCarryCost(carry.consecutiveSameShift, shiftTypes[x - 1]!.minConsecutive);
            if (x > 0 && nx > 0 && problem.forbiddenNext[x - 1]![nx - 1]) c += hardWeight;
            nh = heads.of[(nx * heads.runStride + nr) * heads.qStride + nq]!;
          } else {
            const arc = h * choices + nx;
            const at = arc * ARC_CHARGES;
            c += charges[at]!;
            c += charges[at + 1]!;
            c += charges[at + 2]!;
            c += charges[at + 3]!;
            if (forbidden[arc] === 1) c += hardWeight;
            nh = arcTo[arc]!;
          }
          // The states this arc reaches: a day worked counts an assignment, a weekend day may count a weekend and
          // move the weekend's state.
          const toBase = nh * block;
          const toLow = nkind === 1 ? min(fromLow + 1, countCap) : fromLow;
          const toHigh = nkind === 1 ? min(fromHigh + 1, countCap) : fromHigh;
          let toKLow = kLow;
          let toKHigh = kHigh;
          let toS = 1 << NO_DAY_WORKED;
          if (!plain) {
            let counted = 0;
            let kept = 0;
            toS = 0;
            for (let s = 0; s <= sTop; s++) {
              if (((sMask >> s) & 1) === 0) continue;
              toS |= 1 << weekendNext[nkind * WEEKEND_STATES + s]!;
              if (weekendCounted[nkind * WEEKEND_STATES + s] === 1) counted = 1;
              else kept = 1;
            }
            if (counted === 1) {
              toKHigh = min(kHigh + 1, kNextTop);
              if (kept === 0) toKLow = min(kLow + 1, weekendCap);
            }
          }
          const at = nh * REACH;
          if (nextAlive[nh] === 0) {
            nextAlive[nh] = 1;
            nextReach[at + A_LOW] = toLow;
            nextReach[at + A_HIGH] = toHigh;
            nextReach[at + K_LOW] = toKLow;
            nextReach[at + K_HIGH] = toKHigh;
            nextReach[at + S_MASK] = toS;
            next.fill(INFINITY, toBase + toLow * rowWidth, toBase + (toHigh + 1) * rowWidth);
          } else {
            if (toLow < nextReach[at + A_LOW]!) {
              next.fill(INFINITY, toBase + toLow * rowWidth, toBase + nextReach[at + A_LOW]! * rowWidth);
              nextReach[at + A_LOW] = toLow;
            }
            if (toHigh > nextReach[at + A_HIGH]!) {
              next.fill(INFINITY, toBase + (nextReach[at + A_HIGH]! + 1) * rowWidth, toBase + (toHigh + 1) * rowWidth);
              nextReach[at + A_HIGH] = toHigh;
            }
            if (toKLow < nextReach[at + K_LOW]!) nextReach[at + K_LOW] = toKLow;
            if (toKHigh > nextReach[at + K_HIGH]!) nextReach[at + K_HIGH] = toKHigh;
            nextReach[at + S_MASK]! |= toS;
          }
          // On a weekend day, the (k, s) of a row the head may hold, in order, with where each goes and its charges.
          let picks = 0;
          if (!plain) {
            const kindBase = nkind * rowWidth;
            for (let k = kLow; k <= kHigh; k++) {
              for (let s = 0; s <= sTop; s++) {
                if (((sMask >> s) & 1) === 0) continue;
                const i = k * WEEKEND_STATES + s;
                pick[picks] = i;
                pickTo[picks] = weekendTo[kindBase + i]!;
                pickCharge[picks] = weekendCharge[kindBase + i]!;
                pickComplete[picks] = completeCharge[kindBase + i]!;
                picks++;
              }
            }
          }
          // The counts [fromLow, fromHigh] in runs that cost alike and move alike: a day worked adds one up to the
          // cap and charges past the maximum. An unreached state costs Infinity, which improves on nothing.
          const kFrom = kLow * WEEKEND_STATES;
          const kTo = kHigh * WEEKEND_STATES;
          for (let a = fromLow; a <= fromHigh; ) {
            let last = fromHigh;
            let ca = c;
            let rise = 0;
            if (nkind === 1) {
              if (a + 1 > maxAssignments) ca += assignmentWeight;
              else last = min(last, maxAssignments - 1);
              if (a < countCap) {
                rise = rowWidth;
                last = min(last, countCap - 1);
              }
            }
            const shift = toBase + rise - fromBase;
            const stop = fromBase + (last + 1) * rowWidth;
            if (plain) {
              for (let fromRow = fromBase + a * rowWidth; fromRow < stop; fromRow += rowWidth) {
                for (let from = fromRow + kFrom; from <= fromRow + kTo; from += WEEKEND_STATES) {
                  const total = cost[from]! + ca;
                  if (total < next[from + shift]!) {
                    next[from + shift] = total;
                    back[backBase + from + shift] = from;
                  }
                }
              }
            } else {
              for (let fromRow = fromBase + a * rowWidth; fromRow < stop; fromRow += rowWidth) {
                const toRow = fromRow + shift;
                for (let j = 0; j < picks; j++) {
                  const from = fromRow + pick[j]!;
                  const here = cost[from]!;
                  if (here === INFINITY) continue;
                  let total = here + ca;
                  total += pickCharge[j]!;
                  total += pickComplete[j]!;
                  const to = toRow + pickTo[j]!;
                  if (total < next[to]!) {
                    next[to] = total;
                    back[backBase + to] = from;
                  }
                }
              }
            }
            a = last + 1;
          }
        }
      }
      if (firstOfWeekend) weekendsBefore++;
      [cost, next] = [next, cost];
      [alive, nextAlive] = [nextAlive, alive];
      [reach, nextReach] = [nextReach, reach];
    }
    let best = INFINITY;
    let bestState = -1;
    for (let h = 0; h < heads.count; h++) {
      if (alive[h] === 0) continue;
      for (let a = reach[h * REACH + A_LOW]!; a <= reach[h * REACH + A_HIGH]!; a++) {
        const shortfall = assignmentWeight * max(0, minAssignments - a);
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

  /**
   * Per day d ≥ 1 and head h (at `d * heads.count + h`): the least that days d to the end can cost after a day that
   * ended in head h, charged as `cheapest` charges them (the person's tabled arcs, requests less gains) but without the
   * counters (assignments, working weekends and the weekends' completeness), whose charges are never below 0: so never
   * more than any row's rest costs. Three ways at once, each day worked also charged 0, `perWork` and −`perWork`.
   */
  private costToGo(p: number, heads: Heads, gain: Float64Array, hardWeight: number, perWork: number): [Float64Array, Float64Array, Float64Array] {
    const { rows } = this;
    const { day: dp, choices, requestCost } = rows;
    const { days } = dp;
    const { count, to: arcTo, charges, forbidden } = heads;
    const plain = new Float64Array((days + 1) * count);
    const over = new Float64Array((days + 1) * count);
    const under = new Float64Array((days + 1) * count);
    for (let d = days - 1; d >= 1; d--) {
      const cell = p * days + d;
      const open = rows.open[cell]!;
      const after = (d + 1) * count;
      for (let h = 0; h < count; h++) {
        let least = INFINITY;
        let leastOver = INFINITY;
        let leastUnder = INFINITY;
        for (let nx = 0; nx < choices; nx++) {
          if ((open & (1 << nx)) === 0) continue;
          const arc = h * choices + nx;
          const at = arc * ARC_CHARGES;
          let c = nx > 0 ? requestCost[cell * choices + nx]! - gain[d * choices + nx]! : requestCost[cell * choices]!;
          c += charges[at]! + charges[at + 1]! + charges[at + 2]! + charges[at + 3]!;
          if (forbidden[arc] === 1) c += hardWeight;
          const to = after + arcTo[arc]!;
          const work = nx > 0 ? perWork : 0;
          least = min(least, c + plain[to]!);
          leastOver = min(leastOver, c + work + over[to]!);
          leastUnder = min(leastUnder, c - work + under[to]!);
        }
        plain[d * count + h] = least;
        over[d * count + h] = leastOver;
        under[d * count + h] = leastUnder;
      }
    }
    return [plain, over, under];
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
    cheapest: (p, price, ceiling) => {
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
      const value = search.cheapest(p, gain, hardWeight, row, ceiling);
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

/**
 * The columns of `chosen` people alone (`planPeople`), everyone else's rows kept as `roster` holds them: each
 * requirement less what the others already cover, which is exact, as coverage above a requirement's optimum costs
 * nothing. Person i of the source is `chosen[i]`.
 */
export function peopleColumnSource(space: MoveSpace, roster: Roster, chosen: readonly number[], hardWeight: number): ColumnSource<Roster> {
  const { problem, days } = space;
  const whole = rowColumnSource(space, rowProblem(space, roster), hardWeight, true);
  // What everyone covers, less the chosen people's cells.
  const covered = coverageCounts(problem, roster);
  for (const p of chosen) {
    for (let d = 0; d < days; d++) {
      const shift = roster.shift[p * days + d]!;
      if (shift !== OFF) covered[coverageIndex(problem, d, shift, roster.skill[p * days + d]!)]!--;
    }
  }
  return {
    people: chosen.length,
    minimum: Array.from(whole.minimum, (need, i) => Math.max(0, need - covered[i]!)),
    optimal: Array.from(whole.optimal, (need, i) => Math.max(0, need - covered[i]!)),
    optimalWeight: whole.optimalWeight,
    cost: (i, column) => whole.cost(chosen[i]!, column),
    covers: (i, column) => whole.covers(chosen[i]!, column),
    cheapest: (i, price, ceiling) => whole.cheapest(chosen[i]!, price, ceiling),
  };
}

/**
 * The whole rows of the `chosen` people re-planned by column generation over every day (`chooseColumns` over
 * `peopleColumnSource`), everyone else's rows and every frozen cell kept: a large neighbourhood across the period,
 * where a window of days is one across the ward.
 */
export function planPeople(space: MoveSpace, roster: Roster, chosen: readonly number[], highs: Highs, options: MasterOptions): Roster {
  const { days } = space;
  const rows = rowColumns(space, roster);
  const picked = chooseColumns(peopleColumnSource(space, roster, chosen, options.hardWeight), chosen.map((p) => rows[p]!), highs, options);
  const planned = copyRoster(roster);
  picked.forEach((column, i) => {
    planned.shift.set(column.shift, chosen[i]! * days);
    planned.skill.set(column.skill, chosen[i]! * days);
  });
  return planned;
}
