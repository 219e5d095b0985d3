import { OFF, type Roster, type RosterProblem } from '../problem.js';

/**
 * One person's score (everything but coverage) in a single pass over their days, with every lookup in flat
 * arrays: the solver's fast path, several times quicker than `personScore`, which reads as the table of §7
 * it implements. It must equal `personScore` on every roster (the solver's tests check it on random ones);
 * a change of a rule goes to `evaluate.ts` first, then here.
 */
export class PersonCost {
  hard = 0;
  soft = 0;

  private readonly days: number;
  private readonly shiftCount: number;
  private readonly skillCount: number;
  /** `forbidden[a * shiftCount + b]`: 1 where shift type b may not follow a. */
  readonly forbidden: Uint8Array;
  private readonly hasSkill: Uint8Array;
  private readonly onLeave: Uint8Array;
  private readonly anyLeave: Uint8Array;
  private readonly shiftMin: Int32Array;
  private readonly shiftMax: Int32Array;
  private readonly hasContract: Uint8Array;
  /** Per person: min/max assignments, working-day runs, days-off runs, max working weekends, complete weekends. */
  private readonly contract: Int32Array;
  /** Per person: the shift worked the day before day 0, or OFF. */
  readonly carryShift: Int32Array;
  private readonly carrySame: Int32Array;
  private readonly carryWorking: Int32Array;
  private readonly carryOff: Int32Array;
  /** `weekendEnd[d]`: length of the weekend that ends on day d, else 0; `weekendOf[d]` ≥ 0 on weekend days. */
  private readonly weekendOf: Int16Array;
  private readonly weekendEnd: Int16Array;
  private readonly preferenceStart: Int32Array;
  private readonly preferenceDay: Int32Array;
  private readonly preferenceKind: Uint8Array;
  private readonly preferenceShift: Int32Array;
  private readonly wSame: number;
  private readonly wWorking: number;
  private readonly wOff: number;
  private readonly wPreference: number;
  private readonly wComplete: number;
  private readonly wTotal: number;
  private readonly wWeekends: number;

  constructor(problem: RosterProblem) {
    const { days, staff, shiftTypes, skills } = problem;
    const people = staff.length;
    const S = shiftTypes.length;
    const K = skills.length;
    this.days = days;
    this.shiftCount = S;
    this.skillCount = K;
    this.forbidden = new Uint8Array(S * S);
    for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) this.forbidden[a * S + b] = problem.forbiddenNext[a]?.[b] ? 1 : 0;
    this.hasSkill = new Uint8Array(people * K);
    this.onLeave = new Uint8Array(people * days);
    this.anyLeave = new Uint8Array(people);
    this.hasContract = new Uint8Array(people);
    this.contract = new Int32Array(people * 8);
    this.carryShift = new Int32Array(people);
    this.carrySame = new Int32Array(people);
    this.carryWorking = new Int32Array(people);
    this.carryOff = new Int32Array(people);
    staff.forEach((person, p) => {
      for (const k of person.skills) if (k >= 0 && k < K) this.hasSkill[p * K + k] = 1;
      for (let d = 0; d < days; d++) {
        if (person.leave[d]) {
          this.onLeave[p * days + d] = 1;
          this.anyLeave[p] = 1;
        }
      }
      const c = person.contract;
      if (c) {
        this.hasContract[p] = 1;
        this.contract.set(
          [
            c.minAssignments,
            c.maxAssignments,
            c.minConsecutiveWorkingDays,
            c.maxConsecutiveWorkingDays,
            c.minConsecutiveDaysOff,
            c.maxConsecutiveDaysOff,
            c.maxWorkingWeekends,
            c.completeWeekends ? 1 : 0,
          ],
          p * 8,
        );
      }
      this.carryShift[p] = person.carryIn.lastShift ?? OFF;
      this.carrySame[p] = person.carryIn.consecutiveSameShift;
      this.carryWorking[p] = person.carryIn.consecutiveWorkingDays;
      this.carryOff[p] = person.carryIn.consecutiveDaysOff;
    });
    this.shiftMin = Int32Array.from(shiftTypes, (type) => type.minConsecutive);
    this.shiftMax = Int32Array.from(shiftTypes, (type) => type.maxConsecutive);

    const weekend = new Set(problem.weekendDays);
    this.weekendOf = new Int16Array(days).fill(-1);
    this.weekendEnd = new Int16Array(days);
    let count = -1;
    for (let d = 0; d < days; d++) {
      if (!weekend.has((problem.firstWeekday + d) % 7)) continue;
      if (d === 0 || this.weekendOf[d - 1]! < 0) count++;
      this.weekendOf[d] = count;
    }
    for (let d = 0; d < days; d++) {
      if (this.weekendOf[d]! < 0 || (d + 1 < days && this.weekendOf[d + 1] === this.weekendOf[d])) continue;
      let start = d;
      while (start > 0 && this.weekendOf[start - 1] === this.weekendOf[d]) start--;
      this.weekendEnd[d] = d - start + 1;
    }

    const order = problem.preferences
      .filter((preference) => preference.person >= 0 && preference.person < people)
      .sort((x, y) => x.person - y.person);
    this.preferenceStart = new Int32Array(people + 1);
    for (const preference of order) this.preferenceStart[preference.person + 1]!++;
    for (let p = 0; p < people; p++) this.preferenceStart[p + 1]! += this.preferenceStart[p]!;
    this.preferenceDay = Int32Array.from(order, (preference) => preference.day);
    this.preferenceKind = Uint8Array.from(order, (preference) => (preference.kind === 'day_off' ? 0 : preference.kind === 'shift_off' ? 1 : 2));
    this.preferenceShift = Int32Array.from(order, (preference) => preference.shift ?? OFF);

    const w = problem.weights;
    this.wSame = w.consecutive_same_shift;
    this.wWorking = w.consecutive_working_days;
    this.wOff = w.consecutive_days_off;
    this.wPreference = w.preference;
    this.wComplete = w.complete_weekend;
    this.wTotal = w.total_assignments;
    this.wWeekends = w.working_weekends;
  }

  /** Scores person p of the roster into `hard` and `soft`. */
  score(roster: Roster, p: number): void {
    const days = this.days;
    const base = p * days;
    const shifts = roster.shift;
    const skills = roster.skill;
    const S = this.shiftCount;
    const K = this.skillCount;
    const leave = this.anyLeave[p] === 1;
    const contracted = this.hasContract[p] === 1;
    const c = p * 8;
    const carried = this.carryShift[p]!;
    const carriedSame = this.carrySame[p]!;
    const carriedWorking = this.carryWorking[p]!;
    const carriedOff = this.carryOff[p]!;

    let hard = 0;
    let same = 0;
    let workingRuns = 0;
    let offRuns = 0;
    let worked = 0;
    let weekendsWorked = 0;
    let incomplete = 0;
    let weekendDays = 0;

    const first = shifts[base]!;
    if (carried >= 0 && first !== carried) same += broken(carriedSame, this.shiftMin[carried]!);
    if (contracted) {
      if (first < 0) workingRuns += broken(carriedWorking, this.contract[c + 2]!);
      else offRuns += broken(carriedOff, this.contract[c + 4]!);
    }

    let previous = carried;
    let runShift = first;
    let runStart = 0;
    let runWork = first >= 0;
    let workStart = 0;
    for (let d = 0; d < days; d++) {
      const shift = shifts[base + d]!;
      const working = shift >= 0;
      if (working) {
        worked++;
        if (previous >= 0 && this.forbidden[previous * S + shift] === 1) hard++;
        const skill = skills[base + d]!;
        if (skill < 0 || skill >= K || this.hasSkill[p * K + skill] !== 1) hard++;
        if (leave && this.onLeave[base + d] === 1) hard++;
      }
      if (d > 0 && shift !== runShift) {
        if (runShift >= 0) {
          const carry = runStart === 0 && runShift === carried ? carriedSame : 0;
          same += runCost(d - runStart, carry, false, this.shiftMin[runShift]!, this.shiftMax[runShift]!);
        }
        runShift = shift;
        runStart = d;
      }
      if (contracted) {
        if (d > 0 && working !== runWork) {
          if (runWork) workingRuns += runCost(d - workStart, workStart === 0 ? carriedWorking : 0, false, this.contract[c + 2]!, this.contract[c + 3]!);
          else offRuns += runCost(d - workStart, workStart === 0 ? carriedOff : 0, false, this.contract[c + 4]!, this.contract[c + 5]!);
          runWork = working;
          workStart = d;
        }
        if (this.weekendOf[d]! >= 0) {
          if (working) weekendDays++;
          const length = this.weekendEnd[d]!;
          if (length > 0) {
            if (weekendDays > 0) {
              weekendsWorked++;
              if (weekendDays < length) incomplete++;
            }
            weekendDays = 0;
          }
        }
      }
      previous = shift;
    }
    if (runShift >= 0) {
      const carry = runStart === 0 && runShift === carried ? carriedSame : 0;
      same += runCost(days - runStart, carry, true, this.shiftMin[runShift]!, this.shiftMax[runShift]!);
    }

    let soft = same * this.wSame;
    if (contracted) {
      if (runWork) workingRuns += runCost(days - workStart, workStart === 0 ? carriedWorking : 0, true, this.contract[c + 2]!, this.contract[c + 3]!);
      else offRuns += runCost(days - workStart, workStart === 0 ? carriedOff : 0, true, this.contract[c + 4]!, this.contract[c + 5]!);
      const total = Math.max(0, this.contract[c]! - worked) + Math.max(0, worked - this.contract[c + 1]!);
      soft +=
        workingRuns * this.wWorking +
        offRuns * this.wOff +
        total * this.wTotal +
        Math.max(0, weekendsWorked - this.contract[c + 6]!) * this.wWeekends +
        (this.contract[c + 7] === 1 ? incomplete * this.wComplete : 0);
    }
    let preferences = 0;
    for (let i = this.preferenceStart[p]!; i < this.preferenceStart[p + 1]!; i++) {
      const shift = shifts[base + this.preferenceDay[i]!]!;
      const kind = this.preferenceKind[i];
      if (kind === 0 ? shift >= 0 : kind === 1 ? shift === this.preferenceShift[i] : shift !== this.preferenceShift[i]) preferences++;
    }
    this.hard = hard;
    this.soft = soft + preferences * this.wPreference;
  }
}

function runCost(k: number, c: number, open: boolean, min: number, max: number): number {
  const length = c + k;
  const over = (length > max ? length - max : 0) - (c > max ? c - max : 0);
  return open || length >= min ? over : over + min - length;
}

function broken(c: number, min: number): number {
  return c > 0 && min > c ? min - c : 0;
}
