import { coverageScore } from '../evaluate.js';
import { OFF, type Roster, type RosterProblem, type Score } from '../problem.js';
import type { MoveSpace } from './move-space.js';
import { PersonCost } from './person-cost.js';

/**
 * Up to this many days changed, a person's score is changed through `PersonCost.change`; a wider move rescores
 * their whole row, which costs less than scoring the window twice (measured on the 4-week INRC-II instances).
 */
const WINDOW_DAYS = 2;

/**
 * The solver's working roster with its score kept up to date move by move. The score is the evaluator's:
 * the sum of `personScore` over people (computed by `PersonCost`, its fast equal) plus `coverageScore` over
 * requirements, so a move's change is the change of those terms for the people and requirements it touches:
 * for a person, `PersonCost.change` over the days between the first and the last the move changed (or their whole
 * row rescored, when those are far apart). A move is a few `set` calls, then `evaluate()`, then `commit()` or
 * `rollback()`.
 */
export class SearchState {
  readonly problem: RosterProblem;
  readonly roster: Roster;
  readonly days: number;
  hard = 0;
  soft = 0;
  /** Pending move: change of the score if committed, valid after `evaluate()`. */
  deltaHard = 0;
  deltaSoft = 0;

  readonly covered: Int32Array;
  private readonly shiftCount: number;
  private readonly skillCount: number;
  private readonly personCost: PersonCost;
  private readonly personHard: Int32Array;
  private readonly personSoft: Int32Array;
  /** Per person: assignments and worked weekends, which `PersonCost.change` starts from. */
  private readonly personWorked: Int32Array;
  private readonly personWeekends: Int32Array;
  private readonly coverHard: Int32Array;
  private readonly coverSoft: Int32Array;

  private readonly undoCell: Int32Array;
  private readonly undoShift: Int16Array;
  private readonly undoSkill: Int16Array;
  private undoLength = 0;
  private readonly touchedPeople: Int32Array;
  private readonly touchedPeopleHard: Int32Array;
  private readonly touchedPeopleSoft: Int32Array;
  private readonly touchedPeopleWorked: Int32Array;
  private readonly touchedPeopleWeekends: Int32Array;
  /** The first and last day the pending move changed, per touched person. */
  private readonly touchedFirstDay: Int32Array;
  private readonly touchedLastDay: Int32Array;
  private touchedPeopleLength = 0;
  private readonly personMark: Int32Array;
  /** Where a touched person is in `touchedPeople` (valid while `personMark` says touched). */
  private readonly personSlot: Int32Array;
  /** A touched person's days before the move, from their first changed day on. */
  private readonly beforeShift: Int16Array;
  private readonly beforeSkill: Int16Array;
  private readonly touchedCover: Int32Array;
  private readonly touchedCoverHard: Int32Array;
  private readonly touchedCoverSoft: Int32Array;
  private touchedCoverLength = 0;
  private readonly coverMark: Int32Array;
  private mark = 1;
  private readonly wOptimal: number;

  constructor(problem: RosterProblem, roster: Roster, maxCellsPerMove: number) {
    this.problem = problem;
    this.roster = roster;
    this.days = problem.days;
    this.shiftCount = problem.shiftTypes.length;
    this.skillCount = problem.skills.length;
    const people = problem.staff.length;
    const requirements = problem.days * this.shiftCount * this.skillCount;
    this.covered = new Int32Array(requirements);
    this.personCost = new PersonCost(problem);
    this.personHard = new Int32Array(people);
    this.personSoft = new Int32Array(people);
    this.personWorked = new Int32Array(people);
    this.personWeekends = new Int32Array(people);
    this.coverHard = new Int32Array(requirements);
    this.coverSoft = new Int32Array(requirements);
    this.undoCell = new Int32Array(maxCellsPerMove);
    this.undoShift = new Int16Array(maxCellsPerMove);
    this.undoSkill = new Int16Array(maxCellsPerMove);
    this.touchedPeople = new Int32Array(maxCellsPerMove);
    this.touchedPeopleHard = new Int32Array(maxCellsPerMove);
    this.touchedPeopleSoft = new Int32Array(maxCellsPerMove);
    this.touchedPeopleWorked = new Int32Array(maxCellsPerMove);
    this.touchedPeopleWeekends = new Int32Array(maxCellsPerMove);
    this.touchedFirstDay = new Int32Array(maxCellsPerMove);
    this.touchedLastDay = new Int32Array(maxCellsPerMove);
    this.personMark = new Int32Array(people);
    this.personSlot = new Int32Array(people);
    this.beforeShift = new Int16Array(problem.days);
    this.beforeSkill = new Int16Array(problem.days);
    this.touchedCover = new Int32Array(2 * maxCellsPerMove);
    this.touchedCoverHard = new Int32Array(2 * maxCellsPerMove);
    this.touchedCoverSoft = new Int32Array(2 * maxCellsPerMove);
    this.coverMark = new Int32Array(requirements);
    this.wOptimal = problem.weights.coverage_optimal;
    this.recompute();
  }

  /** Recounts coverage and rescores everything from the roster. */
  recompute(): void {
    const { problem, roster, days } = this;
    this.covered.fill(0);
    for (let cell = 0; cell < roster.shift.length; cell++) {
      const index = this.requirementOf(cell % days, roster.shift[cell]!, roster.skill[cell]!);
      if (index >= 0) this.covered[index]!++;
    }
    this.hard = 0;
    this.soft = 0;
    const cost = this.personCost;
    for (let p = 0; p < problem.staff.length; p++) {
      cost.score(roster, p);
      this.personHard[p] = cost.hard;
      this.personSoft[p] = cost.soft;
      this.personWorked[p] = cost.worked;
      this.personWeekends[p] = cost.weekendsWorked;
      this.hard += cost.hard;
      this.soft += cost.soft;
    }
    for (let index = 0; index < this.covered.length; index++) {
      const score = coverageScore(problem, index, this.covered[index]!);
      this.coverHard[index] = score.hard;
      this.coverSoft[index] = score.soft;
      this.hard += score.hard;
      this.soft += score.soft;
    }
  }

  score(): Score {
    return { hard: this.hard, soft: this.soft };
  }

  /** The requirement a cell counts towards, or -1 for a day off. */
  requirementOf(day: number, shift: number, skill: number): number {
    if (shift < 0 || skill < 0) return -1;
    return (day * this.shiftCount + shift) * this.skillCount + skill;
  }

  /** Part of the pending move: cell (person, day) becomes (shift, skill). */
  set(person: number, day: number, shift: number, skill: number): void {
    const cell = person * this.days + day;
    const { roster } = this;
    const oldShift = roster.shift[cell]!;
    const oldSkill = roster.skill[cell]!;
    if (oldShift === shift && oldSkill === skill) return;
    this.write(person, day, cell, shift, shift === OFF ? OFF : skill);
    const before = this.requirementOf(day, oldShift, oldSkill);
    if (before >= 0) {
      this.covered[before]!--;
      this.touchCover(before);
    }
    const after = this.requirementOf(day, shift, skill);
    if (after >= 0) {
      this.covered[after]!++;
      this.touchCover(after);
    }
  }

  /**
   * Part of the pending move: people a and b exchange their cells of one day. The day's coverage stays as it is,
   * so no requirement is rescored.
   */
  swap(a: number, b: number, day: number): void {
    const { roster, days } = this;
    const cellA = a * days + day;
    const cellB = b * days + day;
    const shiftA = roster.shift[cellA]!;
    const skillA = roster.skill[cellA]!;
    const shiftB = roster.shift[cellB]!;
    const skillB = roster.skill[cellB]!;
    if (shiftA === shiftB && skillA === skillB) return;
    this.write(a, day, cellA, shiftB, skillB);
    this.write(b, day, cellB, shiftA, skillA);
  }

  /** Writes one cell of the pending move, keeping what undoes it and which of the person's days it changed. */
  private write(person: number, day: number, cell: number, shift: number, skill: number): void {
    const { roster } = this;
    if (this.undoLength === this.undoCell.length) throw new Error('A move changed more cells than the search state holds');
    const u = this.undoLength++;
    this.undoCell[u] = cell;
    this.undoShift[u] = roster.shift[cell]!;
    this.undoSkill[u] = roster.skill[cell]!;
    roster.shift[cell] = shift;
    roster.skill[cell] = skill;
    if (this.personMark[person] !== this.mark) {
      this.personMark[person] = this.mark;
      const slot = this.touchedPeopleLength++;
      this.personSlot[person] = slot;
      this.touchedPeople[slot] = person;
      this.touchedFirstDay[slot] = day;
      this.touchedLastDay[slot] = day;
    } else {
      const slot = this.personSlot[person]!;
      if (day < this.touchedFirstDay[slot]!) this.touchedFirstDay[slot] = day;
      if (day > this.touchedLastDay[slot]!) this.touchedLastDay[slot] = day;
    }
  }

  private touchCover(index: number): void {
    if (this.coverMark[index] === this.mark) return;
    this.coverMark[index] = this.mark;
    this.touchedCover[this.touchedCoverLength++] = index;
  }

  /** Scores the pending move into `deltaHard` and `deltaSoft`. */
  evaluate(): void {
    const { problem, roster } = this;
    let hard = 0;
    let soft = 0;
    const cost = this.personCost;
    const { days, beforeShift, beforeSkill } = this;
    for (let i = 0; i < this.touchedPeopleLength; i++) {
      const p = this.touchedPeople[i]!;
      const first = this.touchedFirstDay[i]!;
      const last = this.touchedLastDay[i]!;
      if (last - first >= WINDOW_DAYS) {
        cost.score(roster, p);
        this.touchedPeopleHard[i] = cost.hard;
        this.touchedPeopleSoft[i] = cost.soft;
        this.touchedPeopleWorked[i] = cost.worked;
        this.touchedPeopleWeekends[i] = cost.weekendsWorked;
        hard += cost.hard - this.personHard[p]!;
        soft += cost.soft - this.personSoft[p]!;
        continue;
      }
      const from = p * days + first;
      const to = p * days + last;
      for (let cell = from; cell <= to; cell++) {
        beforeShift[cell - from] = roster.shift[cell]!;
        beforeSkill[cell - from] = roster.skill[cell]!;
      }
      // Newest first, so that a cell set twice ends with the value it had before the move.
      for (let u = this.undoLength - 1; u >= 0; u--) {
        const cell = this.undoCell[u]!;
        if (cell < from || cell > to) continue;
        beforeShift[cell - from] = this.undoShift[u]!;
        beforeSkill[cell - from] = this.undoSkill[u]!;
      }
      cost.change(roster, p, first, last, beforeShift, beforeSkill, this.personWorked[p]!, this.personWeekends[p]!);
      this.touchedPeopleHard[i] = this.personHard[p]! + cost.deltaHard;
      this.touchedPeopleSoft[i] = this.personSoft[p]! + cost.deltaSoft;
      this.touchedPeopleWorked[i] = cost.worked;
      this.touchedPeopleWeekends[i] = cost.weekendsWorked;
      hard += cost.deltaHard;
      soft += cost.deltaSoft;
    }
    // coverageScore's two rules, inline: this runs for every requirement of every move.
    const { minimum, optimal } = problem;
    const wOptimal = this.wOptimal;
    for (let i = 0; i < this.touchedCoverLength; i++) {
      const index = this.touchedCover[i]!;
      const count = this.covered[index]!;
      const short = minimum[index]! - count;
      const shortOfOptimal = optimal[index]! - count;
      const coverHard = short > 0 ? short : 0;
      const coverSoft = shortOfOptimal > 0 ? shortOfOptimal * wOptimal : 0;
      this.touchedCoverHard[i] = coverHard;
      this.touchedCoverSoft[i] = coverSoft;
      hard += coverHard - this.coverHard[index]!;
      soft += coverSoft - this.coverSoft[index]!;
    }
    this.deltaHard = hard;
    this.deltaSoft = soft;
  }

  /**
   * Whether the pending move puts a forbidden succession next to a cell it changed: a hard violation that, while the
   * roster has none, the search never accepts, so such a move is not worth scoring.
   */
  breaksSuccession(): boolean {
    const { roster, days, shiftCount } = this;
    const { forbidden, carryShift } = this.personCost;
    const shifts = roster.shift;
    for (let u = 0; u < this.undoLength; u++) {
      const cell = this.undoCell[u]!;
      const shift = shifts[cell]!;
      if (shift < 0) continue;
      const day = cell % days;
      const before = day > 0 ? shifts[cell - 1]! : carryShift[(cell - day) / days]!;
      if (before >= 0 && forbidden[before * shiftCount + shift] === 1) return true;
      if (day + 1 < days) {
        const after = shifts[cell + 1]!;
        if (after >= 0 && forbidden[shift * shiftCount + after] === 1) return true;
      }
    }
    return false;
  }

  /** Whether the pending move changes any cell. */
  pending(): boolean {
    return this.undoLength > 0;
  }

  commit(): void {
    for (let i = 0; i < this.touchedPeopleLength; i++) {
      const p = this.touchedPeople[i]!;
      this.personHard[p] = this.touchedPeopleHard[i]!;
      this.personSoft[p] = this.touchedPeopleSoft[i]!;
      this.personWorked[p] = this.touchedPeopleWorked[i]!;
      this.personWeekends[p] = this.touchedPeopleWeekends[i]!;
    }
    for (let i = 0; i < this.touchedCoverLength; i++) {
      const index = this.touchedCover[i]!;
      this.coverHard[index] = this.touchedCoverHard[i]!;
      this.coverSoft[index] = this.touchedCoverSoft[i]!;
    }
    this.hard += this.deltaHard;
    this.soft += this.deltaSoft;
    this.clear();
  }

  rollback(): void {
    const { roster } = this;
    for (let u = this.undoLength - 1; u >= 0; u--) {
      const cell = this.undoCell[u]!;
      const day = cell % this.days;
      const now = this.requirementOf(day, roster.shift[cell]!, roster.skill[cell]!);
      if (now >= 0) this.covered[now]!--;
      const before = this.requirementOf(day, this.undoShift[u]!, this.undoSkill[u]!);
      if (before >= 0) this.covered[before]!++;
      roster.shift[cell] = this.undoShift[u]!;
      roster.skill[cell] = this.undoSkill[u]!;
    }
    this.clear();
  }

  private clear(): void {
    this.undoLength = 0;
    this.touchedPeopleLength = 0;
    this.touchedCoverLength = 0;
    this.mark++;
    if (this.mark === 0x7fffffff) {
      this.mark = 1;
      this.personMark.fill(0);
      this.coverMark.fill(0);
    }
  }
}

/** A search state for the moves of `space`: room for the cells its widest move sets (a block swap's two blocks, twice). */
export function searchStateFor(space: MoveSpace, roster: Roster): SearchState {
  return new SearchState(space.problem, roster, 4 * space.maxBlock);
}
