import { OFF, type Roster, type RosterProblem } from '../problem.js';
import {
  brokenCarryCost as broken,
  CONTRACT,
  CONTRACT_FIELDS,
  forbiddenTable,
  PREFERENCE_KIND,
  preferenceBroken,
  requestsByPerson,
  runCost,
  weekendTable,
  writeContract,
} from '../rule-pieces.js';

const { minAssignments: MIN_ASSIGNMENTS, maxAssignments: MAX_ASSIGNMENTS, maxWorkingWeekends: MAX_WEEKENDS, completeWeekends: COMPLETE_WEEKENDS } = CONTRACT;
const { minConsecutiveWorkingDays: MIN_WORKING, maxConsecutiveWorkingDays: MAX_WORKING, minConsecutiveDaysOff: MIN_OFF, maxConsecutiveDaysOff: MAX_OFF } = CONTRACT;

/**
 * One person's score (everything but coverage) in a single pass over their days, with every lookup in flat
 * arrays: the solver's fast path, several times quicker than `personScore`, which reads as the table of §7
 * it implements. It must equal `personObjective` on every roster (the solver's tests check it on random ones):
 * `personScore`, plus a repair's charge for each cell changed from its reference (per cell, so a window of days
 * carries its own share); a change of a rule goes to `evaluate.ts` first, then here.
 *
 * `change` scores a move without the full pass: only the days it changed, the runs and weekends that reach
 * into them and the successions at their edges, with the person's assignments and worked weekends counted
 * beforehand. Its result must equal the difference of two `score` calls (tested on random moves).
 */
export class PersonCost {
  /** After `score`: the person's score, assignments and worked weekends (0 without a contract). */
  hard = 0;
  soft = 0;
  worked = 0;
  weekendsWorked = 0;
  /** After `change`: the change of the person's score; `worked` and `weekendsWorked` hold the counts after it. */
  deltaHard = 0;
  deltaSoft = 0;

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
  /** Per person at `p * CONTRACT_FIELDS`: the contract's limits at `CONTRACT`'s offsets. */
  private readonly contract: Int32Array;
  /** Per person: the shift worked the day before day 0, or OFF. */
  readonly carryShift: Int32Array;
  private readonly carrySame: Int32Array;
  private readonly carryWorking: Int32Array;
  private readonly carryOff: Int32Array;
  /** `weekendEnd[d]`: length of the weekend that ends on day d, else 0; `weekendOf[d]` ≥ 0 on weekend days. */
  private readonly weekendOf: Int16Array;
  private readonly weekendEnd: Int16Array;
  /** Per weekend: its first and last day; `nextWeekendDay[d]`: the first weekend day from d on, or `days`. */
  private readonly weekendFirst: Int16Array;
  private readonly weekendLast: Int16Array;
  private readonly nextWeekendDay: Int16Array;
  /** Preferences sorted by person and day: person p's are [preferenceStart[p], preferenceStart[p + 1]), cell c's from preferenceAt[c]. */
  private readonly preferenceStart: Int32Array;
  private readonly preferenceAt: Int32Array;
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
  /** A repair's reference (`RosterProblem.reference`): its cells, the first day it charges, its weight (0: none). */
  private readonly referenceShift: Int16Array;
  private readonly referenceSkill: Int16Array;
  private readonly changeFrom: number;
  private readonly wChange: number;

  /** The runs around the window of the last `change` that it does not touch (see `readContext`). */
  private leftSame = 0;
  private leftSameCarry = 0;
  private leftWork = 0;
  private leftWorkCarry = 0;
  private rightSame = 0;
  private rightSameOpen = false;
  private rightWork = 0;
  private rightWorkOpen = false;
  /** What `scoreWindow` found: the window's share of the score and of the two counts. */
  private windowHard = 0;
  private windowSoft = 0;
  private windowWorked = 0;
  private windowWeekends = 0;

  constructor(problem: RosterProblem) {
    const { days, staff, shiftTypes, skills } = problem;
    const people = staff.length;
    const S = shiftTypes.length;
    const K = skills.length;
    this.days = days;
    this.shiftCount = S;
    this.skillCount = K;
    this.forbidden = forbiddenTable(problem);
    this.hasSkill = new Uint8Array(people * K);
    this.onLeave = new Uint8Array(people * days);
    this.anyLeave = new Uint8Array(people);
    this.hasContract = new Uint8Array(people);
    this.contract = new Int32Array(people * CONTRACT_FIELDS);
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
        writeContract(this.contract, p * CONTRACT_FIELDS, c);
      }
      this.carryShift[p] = person.carryIn.lastShift ?? OFF;
      this.carrySame[p] = person.carryIn.consecutiveSameShift;
      this.carryWorking[p] = person.carryIn.consecutiveWorkingDays;
      this.carryOff[p] = person.carryIn.consecutiveDaysOff;
    });
    this.shiftMin = Int32Array.from(shiftTypes, (type) => type.minConsecutive);
    this.shiftMax = Int32Array.from(shiftTypes, (type) => type.maxConsecutive);

    const weekends = weekendTable(problem);
    this.weekendOf = weekends.of;
    this.weekendFirst = weekends.first;
    this.weekendLast = weekends.last;
    this.weekendEnd = new Int16Array(days);
    weekends.last.forEach((last, w) => {
      this.weekendEnd[last] = last - weekends.first[w]! + 1;
    });
    this.nextWeekendDay = new Int16Array(days + 1).fill(days);
    for (let d = days - 1; d >= 0; d--) this.nextWeekendDay[d] = this.weekendOf[d]! >= 0 ? d : this.nextWeekendDay[d + 1]!;

    const order = requestsByPerson(problem);
    this.preferenceStart = new Int32Array(people + 1);
    for (const preference of order) this.preferenceStart[preference.person + 1]!++;
    for (let p = 0; p < people; p++) this.preferenceStart[p + 1]! += this.preferenceStart[p]!;
    this.preferenceAt = new Int32Array(people * days + 1);
    for (const preference of order) this.preferenceAt[preference.person * days + preference.day + 1]!++;
    for (let cell = 0; cell < people * days; cell++) this.preferenceAt[cell + 1]! += this.preferenceAt[cell]!;
    this.preferenceDay = Int32Array.from(order, (preference) => preference.day);
    this.preferenceKind = Uint8Array.from(order, (preference) => PREFERENCE_KIND[preference.kind]);
    this.preferenceShift = Int32Array.from(order, (preference) => preference.shift ?? OFF);

    const w = problem.weights;
    this.wSame = w.consecutive_same_shift;
    this.wWorking = w.consecutive_working_days;
    this.wOff = w.consecutive_days_off;
    this.wPreference = w.preference;
    this.wComplete = w.complete_weekend;
    this.wTotal = w.total_assignments;
    this.wWeekends = w.working_weekends;
    const reference = problem.reference;
    this.wChange = reference?.weight ?? 0;
    this.changeFrom = Math.max(0, reference?.from ?? days);
    this.referenceShift = reference?.roster.shift ?? new Int16Array(0);
    this.referenceSkill = reference?.roster.skill ?? new Int16Array(0);
  }

  /**
   * The cells of person p on days lo..hi (read from `cells[offset + d]`, `cellSkills[offset + d]`) that differ from the
   * repair's reference, counting only days from its `from` on.
   */
  private changes(cells: Int16Array, cellSkills: Int16Array, offset: number, p: number, lo: number, hi: number): number {
    const base = p * this.days;
    const refShift = this.referenceShift;
    const refSkill = this.referenceSkill;
    let changes = 0;
    for (let d = lo > this.changeFrom ? lo : this.changeFrom; d <= hi; d++) {
      const shift = cells[offset + d]!;
      if (shift !== refShift[base + d] || (shift >= 0 && cellSkills[offset + d] !== refSkill[base + d])) changes++;
    }
    return changes;
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
    const c = p * CONTRACT_FIELDS;
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
      if (first < 0) workingRuns += broken(carriedWorking, this.contract[c + MIN_WORKING]!);
      else offRuns += broken(carriedOff, this.contract[c + MIN_OFF]!);
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
          if (runWork) workingRuns += runCost(d - workStart, workStart === 0 ? carriedWorking : 0, false, this.contract[c + MIN_WORKING]!, this.contract[c + MAX_WORKING]!);
          else offRuns += runCost(d - workStart, workStart === 0 ? carriedOff : 0, false, this.contract[c + MIN_OFF]!, this.contract[c + MAX_OFF]!);
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
      if (runWork) workingRuns += runCost(days - workStart, workStart === 0 ? carriedWorking : 0, true, this.contract[c + MIN_WORKING]!, this.contract[c + MAX_WORKING]!);
      else offRuns += runCost(days - workStart, workStart === 0 ? carriedOff : 0, true, this.contract[c + MIN_OFF]!, this.contract[c + MAX_OFF]!);
      const total = Math.max(0, this.contract[c + MIN_ASSIGNMENTS]! - worked) + Math.max(0, worked - this.contract[c + MAX_ASSIGNMENTS]!);
      soft +=
        workingRuns * this.wWorking +
        offRuns * this.wOff +
        total * this.wTotal +
        Math.max(0, weekendsWorked - this.contract[c + MAX_WEEKENDS]!) * this.wWeekends +
        (this.contract[c + COMPLETE_WEEKENDS] === 1 ? incomplete * this.wComplete : 0);
    }
    let preferences = 0;
    for (let i = this.preferenceStart[p]!; i < this.preferenceStart[p + 1]!; i++) {
      if (preferenceBroken(this.preferenceKind[i]!, this.preferenceShift[i]!, shifts[base + this.preferenceDay[i]!]!)) preferences++;
    }
    if (this.wChange !== 0) soft += this.wChange * this.changes(shifts, skills, base, p, 0, days - 1);
    this.hard = hard;
    this.soft = soft + preferences * this.wPreference;
    this.worked = worked;
    this.weekendsWorked = weekendsWorked;
  }

  /**
   * The change of person p's score, into `deltaHard` and `deltaSoft`, when the roster's days lo..hi held
   * `beforeShift[d - lo]` and `beforeSkill[d - lo]` until now and every other day of theirs is as it was.
   * `worked` and `weekendsWorked` are the person's counts before (as `score` leaves them); the counts after
   * are left in `worked` and `weekendsWorked`.
   */
  change(roster: Roster, p: number, lo: number, hi: number, beforeShift: Int16Array, beforeSkill: Int16Array, worked: number, weekendsWorked: number): void {
    const shifts = roster.shift;
    const base = p * this.days;
    // When every day keeps working or keeps resting, the work and rest runs, the weekends and the count stay.
    let restChanged = false;
    for (let d = lo; d <= hi; d++) if (beforeShift[d - lo]! >= 0 !== shifts[base + d]! >= 0) restChanged = true;
    const contractRules = restChanged && this.hasContract[p] === 1;
    this.readContext(shifts, p, lo, hi, contractRules);
    this.scoreWindow(beforeShift, beforeSkill, -lo, shifts, p, lo, hi, contractRules);
    const hardBefore = this.windowHard;
    const softBefore = this.windowSoft;
    const workedBefore = this.windowWorked;
    const weekendsBefore = this.windowWeekends;
    this.scoreWindow(shifts, roster.skill, base, shifts, p, lo, hi, contractRules);
    const workedAfter = worked + this.windowWorked - workedBefore;
    const weekendsAfter = weekendsWorked + this.windowWeekends - weekendsBefore;
    let soft = this.windowSoft - softBefore;
    if (contractRules) {
      const c = p * CONTRACT_FIELDS;
      const min = this.contract[c + MIN_ASSIGNMENTS]!;
      const max = this.contract[c + MAX_ASSIGNMENTS]!;
      const maxWeekends = this.contract[c + MAX_WEEKENDS]!;
      soft +=
        (Math.max(0, min - workedAfter) + Math.max(0, workedAfter - max) - Math.max(0, min - worked) - Math.max(0, worked - max)) * this.wTotal +
        (Math.max(0, weekendsAfter - maxWeekends) - Math.max(0, weekendsWorked - maxWeekends)) * this.wWeekends;
    }
    this.deltaHard = this.windowHard - hardBefore;
    this.deltaSoft = soft;
    this.worked = workedAfter;
    this.weekendsWorked = weekendsAfter;
  }

  /**
   * The runs that end on day lo - 1 and start on day hi + 1, which a change of days lo..hi cannot alter: the
   * same-shift and work-or-rest run on each side (their lengths, the carry-in of a run from day 0, and whether a
   * run on the right reaches the last day); the work-or-rest runs only when `workRuns` asks for them.
   */
  private readContext(shifts: Int16Array, p: number, lo: number, hi: number, workRuns: boolean): void {
    const days = this.days;
    const base = p * days;
    if (lo > 0) {
      const shift = shifts[base + lo - 1]!;
      const working = shift >= 0;
      let d = lo - 1;
      while (d > 0 && shifts[base + d - 1] === shift) d--;
      this.leftSame = lo - d;
      this.leftSameCarry = d === 0 && shift === this.carryShift[p] ? this.carrySame[p]! : 0;
      if (!workRuns) return this.readRightContext(shifts, p, hi, false);
      while (d > 0 && shifts[base + d - 1]! >= 0 === working) d--;
      this.leftWork = lo - d;
      this.leftWorkCarry = d > 0 ? 0 : working ? this.carryWorking[p]! : this.carryOff[p]!;
    }
    this.readRightContext(shifts, p, hi, workRuns);
  }

  private readRightContext(shifts: Int16Array, p: number, hi: number, workRuns: boolean): void {
    const days = this.days;
    const base = p * days;
    if (hi + 1 < days) {
      const shift = shifts[base + hi + 1]!;
      const working = shift >= 0;
      let d = hi + 1;
      while (d + 1 < days && shifts[base + d + 1] === shift) d++;
      this.rightSame = d - hi;
      this.rightSameOpen = d + 1 === days;
      if (!workRuns) return;
      while (d + 1 < days && shifts[base + d + 1]! >= 0 === working) d++;
      this.rightWork = d - hi;
      this.rightWorkOpen = d + 1 === days;
    }
  }

  /**
   * Person p's score restricted to what days lo..hi reach, with those days read from `cells[offset + d]` and
   * `cellSkills[offset + d]` and the others from `shifts`: the cells' own rules, the successions into and out of
   * them, the runs through them (with the context `readContext` found) and, when `contractRules` asks, the work and
   * rest runs and the weekends they fall in. Leaves the share in `windowHard` and `windowSoft` (without the two
   * count rules), the window's assignments in `windowWorked` and the worked weekends it reaches in `windowWeekends`.
   */
  private scoreWindow(cells: Int16Array, cellSkills: Int16Array, offset: number, shifts: Int16Array, p: number, lo: number, hi: number, contractRules: boolean): void {
    const days = this.days;
    const base = p * days;
    const S = this.shiftCount;
    const K = this.skillCount;
    const leave = this.anyLeave[p] === 1;
    const c = p * CONTRACT_FIELDS;
    const carried = this.carryShift[p]!;

    let hard = 0;
    let same = 0;
    let workingRuns = 0;
    let offRuns = 0;
    let worked = 0;
    let preferences = 0;

    // The runs open when day lo comes: from the context, or before day 0 the carried-in ones (of length 0).
    let previous: number;
    let runShift: number;
    let runLength: number;
    let runCarry: number;
    let runWork: boolean;
    let workLength: number;
    let workCarry: number;
    if (lo > 0) {
      previous = shifts[base + lo - 1]!;
      runShift = previous;
      runLength = this.leftSame;
      runCarry = this.leftSameCarry;
      runWork = previous >= 0;
      workLength = this.leftWork;
      workCarry = this.leftWorkCarry;
    } else {
      previous = carried;
      runShift = carried;
      runLength = 0;
      runCarry = carried >= 0 ? this.carrySame[p]! : 0;
      runWork = cells[offset]! >= 0;
      workLength = 0;
      workCarry = runWork ? this.carryWorking[p]! : this.carryOff[p]!;
      if (contractRules) {
        if (runWork) offRuns += broken(this.carryOff[p]!, this.contract[c + MIN_OFF]!);
        else workingRuns += broken(this.carryWorking[p]!, this.contract[c + MIN_WORKING]!);
      }
    }

    for (let d = lo; d <= hi; d++) {
      const shift = cells[offset + d]!;
      const working = shift >= 0;
      if (working) {
        worked++;
        if (previous >= 0 && this.forbidden[previous * S + shift] === 1) hard++;
        const skill = cellSkills[offset + d]!;
        if (skill < 0 || skill >= K || this.hasSkill[p * K + skill] !== 1) hard++;
        if (leave && this.onLeave[base + d] === 1) hard++;
      }
      if (shift !== runShift) {
        // A carried-in shift that day 0 does not continue is a run of length 0 (INRC-II's border rule).
        if (runShift >= 0 && runLength + runCarry > 0) same += runCost(runLength, runCarry, false, this.shiftMin[runShift]!, this.shiftMax[runShift]!);
        runShift = shift;
        runLength = 1;
        runCarry = 0;
      } else {
        runLength++;
      }
      if (contractRules) {
        if (working !== runWork) {
          if (runWork) workingRuns += runCost(workLength, workCarry, false, this.contract[c + MIN_WORKING]!, this.contract[c + MAX_WORKING]!);
          else offRuns += runCost(workLength, workCarry, false, this.contract[c + MIN_OFF]!, this.contract[c + MAX_OFF]!);
          runWork = working;
          workLength = 1;
          workCarry = 0;
        } else {
          workLength++;
        }
      }
      for (let i = this.preferenceAt[base + d]!; i < this.preferenceAt[base + d + 1]!; i++) {
        if (preferenceBroken(this.preferenceKind[i]!, this.preferenceShift[i]!, shift)) preferences++;
      }
      previous = shift;
    }

    if (hi + 1 < days) {
      const next = shifts[base + hi + 1]!;
      if (next >= 0 && previous >= 0 && this.forbidden[previous * S + next] === 1) hard++;
      if (next === runShift) {
        if (runShift >= 0) same += runCost(runLength + this.rightSame, runCarry, this.rightSameOpen, this.shiftMin[runShift]!, this.shiftMax[runShift]!);
      } else {
        if (runShift >= 0) same += runCost(runLength, runCarry, false, this.shiftMin[runShift]!, this.shiftMax[runShift]!);
        if (next >= 0) same += runCost(this.rightSame, 0, this.rightSameOpen, this.shiftMin[next]!, this.shiftMax[next]!);
      }
      if (contractRules) {
        const nextWork = next >= 0;
        const joined = nextWork === runWork;
        const length = joined ? workLength + this.rightWork : workLength;
        const open = joined && this.rightWorkOpen;
        if (runWork) workingRuns += runCost(length, workCarry, open, this.contract[c + MIN_WORKING]!, this.contract[c + MAX_WORKING]!);
        else offRuns += runCost(length, workCarry, open, this.contract[c + MIN_OFF]!, this.contract[c + MAX_OFF]!);
        if (!joined) {
          if (nextWork) workingRuns += runCost(this.rightWork, 0, this.rightWorkOpen, this.contract[c + MIN_WORKING]!, this.contract[c + MAX_WORKING]!);
          else offRuns += runCost(this.rightWork, 0, this.rightWorkOpen, this.contract[c + MIN_OFF]!, this.contract[c + MAX_OFF]!);
        }
      }
    } else {
      if (runShift >= 0) same += runCost(runLength, runCarry, true, this.shiftMin[runShift]!, this.shiftMax[runShift]!);
      if (contractRules) {
        if (runWork) workingRuns += runCost(workLength, workCarry, true, this.contract[c + MIN_WORKING]!, this.contract[c + MAX_WORKING]!);
        else offRuns += runCost(workLength, workCarry, true, this.contract[c + MIN_OFF]!, this.contract[c + MAX_OFF]!);
      }
    }

    let soft = same * this.wSame + preferences * this.wPreference;
    let weekends = 0;
    if (contractRules) {
      let incomplete = 0;
      for (let d = this.nextWeekendDay[lo]!; d <= hi; ) {
        const weekend = this.weekendOf[d]!;
        const first = this.weekendFirst[weekend]!;
        const last = this.weekendLast[weekend]!;
        let count = 0;
        for (let e = first; e <= last; e++) if ((e >= lo && e <= hi ? cells[offset + e]! : shifts[base + e]!) >= 0) count++;
        if (count > 0) {
          weekends++;
          if (count <= last - first) incomplete++;
        }
        d = this.nextWeekendDay[last + 1]!;
      }
      soft += workingRuns * this.wWorking + offRuns * this.wOff + (this.contract[c + COMPLETE_WEEKENDS] === 1 ? incomplete * this.wComplete : 0);
    }
    if (this.wChange !== 0) soft += this.wChange * this.changes(cells, cellSkills, offset, p, lo, hi);
    this.windowHard = hard;
    this.windowSoft = soft;
    this.windowWorked = worked;
    this.windowWeekends = weekends;
  }
}
