import { coverageScore } from '../evaluate.js';
import { OFF, type RosterProblem } from '../problem.js';
import type { MoveSpace } from './moves.js';
import { PersonCost } from './person-cost.js';
import type { SearchState } from './state.js';

/**
 * The large neighbourhood: one person's whole row re-optimised exactly, the others' cells held. A shortest path
 * over the days whose state is (last shift or off, length of the current work or rest run, length of the current
 * same-shift run, assignments so far, working weekends so far), each bounded at the contract's limit + 1, and whose
 * arcs cost what `personScore` charges for that day (runs with carry-in and the border rules, forbidden successions,
 * preferences, weekends, total assignments) plus coverage as prices: the change of each requirement's
 * `coverageScore` when this person works it, given everyone else's cells. A hard violation weighs `hardWeight`.
 * Pinned cells and leave keep their value. Weekends of more than two days are not modelled: such a problem has no
 * row move (`RowOptimizer.for` answers null).
 */
export class RowOptimizer {
  /** The best row found by the last `optimise`, and its cost and the current row's (same units). */
  readonly shift: Int16Array;
  readonly skill: Int16Array;
  best = 0;
  current = 0;

  private readonly problem: RosterProblem;
  private readonly space: MoveSpace;
  private readonly hardWeight: number;
  private readonly days: number;
  private readonly S: number;
  private readonly K: number;
  private readonly forbidden: Uint8Array;
  private readonly weekendEnd: Int16Array;
  private readonly preferences: { day: number; kind: string; shift: number }[][];
  /** Options of the day being built: option 0 is off unless the cell is frozen. */
  private readonly optShift: Int16Array;
  private readonly optSkill: Int16Array;
  private readonly optCount: Int32Array;
  private readonly optCost: Float64Array;
  private readonly width: number;
  private readonly personCost: PersonCost;
  private cur = new Float64Array(0);
  private next = new Float64Array(0);
  private back = new Int32Array(0);
  private choice = new Int16Array(0);

  static for(problem: RosterProblem, space: MoveSpace, hardWeight: number): RowOptimizer | null {
    const weekend = new Set(problem.weekendDays);
    for (let w = 0; w < 7; w++) if (weekend.has(w) && weekend.has((w + 1) % 7) && weekend.has((w + 2) % 7)) return null;
    return new RowOptimizer(problem, space, hardWeight);
  }

  private constructor(problem: RosterProblem, space: MoveSpace, hardWeight: number) {
    this.problem = problem;
    this.space = space;
    this.hardWeight = hardWeight;
    this.days = problem.days;
    this.S = problem.shiftTypes.length;
    this.K = problem.skills.length;
    const S = this.S;
    this.forbidden = new Uint8Array(S * S);
    for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) this.forbidden[a * S + b] = problem.forbiddenNext[a]?.[b] ? 1 : 0;
    const weekend = new Set(problem.weekendDays);
    const isWeekend = (d: number) => weekend.has((problem.firstWeekday + d) % 7);
    this.weekendEnd = new Int16Array(this.days);
    for (let d = 0; d < this.days; d++) {
      if (!isWeekend(d) || (d + 1 < this.days && isWeekend(d + 1))) continue;
      this.weekendEnd[d] = d > 0 && isWeekend(d - 1) ? 2 : 1;
    }
    this.preferences = problem.staff.map(() => []);
    for (const preference of problem.preferences) {
      if (preference.person < 0 || preference.person >= problem.staff.length || preference.day < 0 || preference.day >= this.days) continue;
      this.preferences[preference.person]!.push({ day: preference.day, kind: preference.kind, shift: preference.shift ?? OFF });
    }
    this.width = 1 + S * this.K;
    this.personCost = new PersonCost(problem);
    this.optShift = new Int16Array(this.days * this.width);
    this.optSkill = new Int16Array(this.days * this.width);
    this.optCount = new Int32Array(this.days);
    this.optCost = new Float64Array(this.days * this.width);
    this.shift = new Int16Array(this.days);
    this.skill = new Int16Array(this.days);
  }

  /** Whether person p has a cell the row move may change. */
  movable(p: number): boolean {
    const base = p * this.days;
    for (let d = 0; d < this.days; d++) if (!this.space.frozen[base + d]) return true;
    return false;
  }

  /**
   * Finds person p's best row given the others' cells into `shift`/`skill` and `best`, and scores p's current row
   * into `current` (the same units: hard × hardWeight + soft, person and coverage terms of this row only).
   */
  optimise(state: SearchState, p: number): void {
    this.buildOptions(state, p);
    this.best = this.run(p);
    // The current row: its person score, and the coverage it adds (each cell's requirement with and without it).
    this.personCost.score(state.roster, p);
    let current = this.personCost.hard * this.hardWeight + this.personCost.soft;
    for (let d = 0; d < this.days; d++) {
      const index = state.requirementOf(d, state.roster.shift[p * this.days + d]!, state.roster.skill[p * this.days + d]!);
      if (index < 0) continue;
      const with_ = coverageScore(this.problem, index, state.covered[index]!);
      const without = coverageScore(this.problem, index, state.covered[index]! - 1);
      current += (with_.hard - without.hard) * this.hardWeight + with_.soft - without.soft;
    }
    this.current = current;
  }

  private buildOptions(state: SearchState, p: number): void {
    const { problem, days, width, space } = this;
    const roster = state.roster;
    const person = problem.staff[p]!;
    const base = p * days;
    for (let d = 0; d < days; d++) {
      const o = d * width;
      const shift = roster.shift[base + d]!;
      const skill = roster.skill[base + d]!;
      let count = 0;
      if (space.frozen[base + d]) {
        this.optShift[o] = shift;
        this.optSkill[o] = shift === OFF ? OFF : skill;
        count = 1;
      } else {
        this.optShift[o] = OFF;
        this.optSkill[o] = OFF;
        count = 1;
        if (person.skills.length > 0) {
          for (const s of space.assignable) {
            for (const k of person.skills) {
              this.optShift[o + count] = s;
              this.optSkill[o + count] = k;
              count++;
            }
          }
        }
      }
      this.optCount[d] = count;
      const own = state.requirementOf(d, shift, skill);
      for (let i = 0; i < count; i++) {
        const s = this.optShift[o + i]!;
        const k = this.optSkill[o + i]!;
        let cost = 0;
        if (s !== OFF) {
          if (k < 0 || k >= this.K || space.hasSkill[p * this.K + k] !== 1) cost += this.hardWeight;
          if (person.leave[d]) cost += this.hardWeight;
          const index = state.requirementOf(d, s, k);
          if (index >= 0 && s < this.S) {
            const others = state.covered[index]! - (index === own ? 1 : 0);
            const with_ = coverageScore(problem, index, others + 1);
            const without = coverageScore(problem, index, others);
            cost += (with_.hard - without.hard) * this.hardWeight + with_.soft - without.soft;
          }
        }
        for (const preference of this.preferences[p]!) {
          if (preference.day !== d) continue;
          const broken = preference.kind === 'day_off' ? s !== OFF : preference.kind === 'shift_off' ? s === preference.shift : s !== preference.shift;
          if (broken) cost += problem.weights.preference;
        }
        this.optCost[o + i] = cost;
      }
    }
  }

  private run(p: number): number {
    const { problem, days, width, S } = this;
    const person = problem.staff[p]!;
    const contract = person.contract;
    const w = problem.weights;
    const types = problem.shiftTypes;
    const hardWeight = this.hardWeight;

    const minW = contract?.minConsecutiveWorkingDays ?? 0;
    const maxW = contract?.maxConsecutiveWorkingDays ?? 0;
    const minO = contract?.minConsecutiveDaysOff ?? 0;
    const maxO = contract?.maxConsecutiveDaysOff ?? 0;
    const minA = contract?.minAssignments ?? 0;
    const maxA = contract?.maxAssignments ?? 0;
    const maxWE = contract?.maxWorkingWeekends ?? 0;
    const complete = contract?.completeWeekends ?? false;
    const capA = contract ? Math.max(minW, maxW + 1, minO, maxO + 1) : 0;
    // A same-shift run longer than the work run's bound (a work run already over its maximum) counts as that
    // bound: exact for every row whose same-shift runs stay within it, which the search's rows do.
    let capB = 0;
    for (const type of types) capB = Math.max(capB, type.minConsecutive, type.maxConsecutive + 1);
    if (contract) capB = Math.min(capB, Math.max(capA, ...types.map((type) => type.minConsecutive)));
    const capN = contract ? Math.max(minA, maxA + 1) : 0;
    const capWE = contract ? Math.max(0, maxWE + 1) : 0;
    const A = capA + 1;
    const B = capB + 1;
    const N = capN + 1;
    const W = capWE + 1;
    const size = (S + 1) * A * B * N * W;
    if (this.cur.length < size) {
      this.cur = new Float64Array(size);
      this.next = new Float64Array(size);
    }
    if (this.back.length < size * days) {
      this.back = new Int32Array(size * days);
      this.choice = new Int16Array(size * days);
    }
    let cur = this.cur;
    let next = this.next;
    const back = this.back;
    const choice = this.choice;
    const forbidden = this.forbidden;

    const optShift = this.optShift;
    const optCost = this.optCost;
    const optCount = this.optCount;
    const weekendEnds = this.weekendEnd;
    const minSame = Int32Array.from(types, (type) => type.minConsecutive);
    const maxSame = Int32Array.from(types, (type) => type.maxConsecutive);
    const wSame = w.consecutive_same_shift;
    const wWork = w.consecutive_working_days;
    const wOff = w.consecutive_days_off;
    const wTotal = w.total_assignments;
    const wWeekends = w.working_weekends;
    const wComplete = complete ? w.complete_weekend : 0;
    const contracted = contract !== null;

    const relax = (d: number, from: number, cost: number, last: number, work: number, rest: number, same: number, n: number, we: number) => {
      const o = d * width;
      const count = optCount[d]!;
      const weekendLength = weekendEnds[d]!;
      const closeSame = last >= 0 && same > 0 && same < minSame[last]! ? (minSame[last]! - same) * wSame : 0;
      for (let i = 0; i < count; i++) {
        const s = optShift[o + i]!;
        let c = cost + optCost[o + i]!;
        let a = 0;
        let b = 0;
        let n2 = n;
        let we2 = we;
        if (s === OFF) {
          c += closeSame;
          if (contracted) {
            if (work > 0 && work < minW) c += (minW - work) * wWork;
            a = rest + 1;
            if (a > maxO) c += wOff;
            if (a > capA) a = capA;
          }
        } else {
          if (last >= 0 && forbidden[last * S + s] === 1) c += hardWeight;
          if (last === s) b = same + 1;
          else {
            c += closeSame;
            b = 1;
          }
          if (b > maxSame[s]!) c += wSame;
          if (b > capB) b = capB;
          if (contracted) {
            if (rest > 0 && rest < minO) c += (minO - rest) * wOff;
            a = work + 1;
            if (a > maxW) c += wWork;
            if (a > capA) a = capA;
            n2 = n + 1;
            if (n2 > maxA) c += wTotal;
            if (n2 > capN) n2 = capN;
          }
        }
        if (contracted && weekendLength > 0) {
          const worked = (s !== OFF ? 1 : 0) + (weekendLength === 2 && last >= 0 ? 1 : 0);
          if (worked > 0) {
            we2 = we + 1;
            if (we2 > maxWE) c += wWeekends;
            if (we2 > capWE) we2 = capWE;
            if (worked < weekendLength) c += wComplete;
          }
        }
        const to = ((((s + 1) * A + a) * B + b) * N + n2) * W + we2;
        if (c < next[to]!) {
          next[to] = c;
          back[d * size + to] = from;
          choice[d * size + to] = i;
        }
      }
    };

    next.fill(Infinity, 0, size);
    const carry = person.carryIn;
    relax(0, -1, 0, carry.lastShift ?? OFF, carry.consecutiveWorkingDays, carry.consecutiveDaysOff, carry.consecutiveSameShift, 0, 0);
    for (let d = 1; d < days; d++) {
      [cur, next] = [next, cur];
      next.fill(Infinity, 0, size);
      let index = 0;
      for (let l = 0; l <= S; l++) {
        for (let a = 0; a < A; a++) {
          for (let b = 0; b < B; b++) {
            for (let n = 0; n < N; n++) {
              for (let we = 0; we < W; we++, index++) {
                const cost = cur[index]!;
                if (cost === Infinity) continue;
                const last = l - 1;
                relax(d, index, cost, last, last >= 0 ? a : 0, last >= 0 ? 0 : a, b, n, we);
              }
            }
          }
        }
      }
    }
    this.cur = cur;
    this.next = next;

    let bestCost = Infinity;
    let bestIndex = -1;
    for (let index = 0; index < size; index++) {
      let cost = next[index]!;
      if (cost === Infinity) continue;
      if (contract) {
        const n = Math.floor(index / W) % N;
        if (n < minA) cost += (minA - n) * w.total_assignments;
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestIndex = index;
      }
    }
    let index = bestIndex;
    for (let d = days - 1; d >= 0; d--) {
      const i = choice[d * size + index]!;
      this.shift[d] = this.optShift[d * width + i]!;
      this.skill[d] = this.optSkill[d * width + i]!;
      index = back[d * size + index]!;
    }
    return bestCost;
  }
}
