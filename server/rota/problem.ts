/**
 * A ward's roster problem as plain data: what the evaluator scores, what the solver optimises, and what
 * the schedules service builds from the database. Indices, not ids, so that the engine runs on arrays:
 * person `p` is `staff[p]`, shift type `s` is `shiftTypes[s]`, skill `k` is `skills[k]`, day `d` counts
 * from the period's first day. No database, HTTP or clock in here (docs/rota.md §7).
 */

/** The soft constraints of docs/rota.md §7, whose weights a ward may set. */
export const SOFT_CONSTRAINTS = [
  'coverage_optimal',
  'consecutive_same_shift',
  'consecutive_working_days',
  'consecutive_days_off',
  'preference',
  'complete_weekend',
  'total_assignments',
  'working_weekends',
] as const;
export type SoftConstraint = (typeof SOFT_CONSTRAINTS)[number];

export const HARD_CONSTRAINTS = ['coverage_minimum', 'forbidden_succession', 'missing_skill', 'leave'] as const;
export type HardConstraint = (typeof HARD_CONSTRAINTS)[number];

export type Constraint = HardConstraint | SoftConstraint;

export type Weights = Record<SoftConstraint, number>;

/** The defaults of docs/rota.md §7: INRC-II's weights. */
export const DEFAULT_WEIGHTS: Weights = {
  coverage_optimal: 30,
  consecutive_same_shift: 15,
  consecutive_working_days: 30,
  consecutive_days_off: 30,
  preference: 10,
  complete_weekend: 30,
  total_assignments: 20,
  working_weekends: 30,
};

export interface ShiftTypeSpec {
  /** The shift type's id in the database (or the instance's name for INRC-II data, through `code`). */
  id: number;
  code: string;
  minutes: number;
  /** Ends on the next day (`end <= start`): counted as a night. */
  endsNextDay: boolean;
  minConsecutive: number;
  maxConsecutive: number;
  /** Inactive shift types stay in the problem (old cells may hold them) but may not be assigned anew. */
  assignable: boolean;
}

export interface ContractSpec {
  minAssignments: number;
  maxAssignments: number;
  minConsecutiveWorkingDays: number;
  maxConsecutiveWorkingDays: number;
  minConsecutiveDaysOff: number;
  maxConsecutiveDaysOff: number;
  maxWorkingWeekends: number;
  completeWeekends: boolean;
}

/** How a person's days before day 0 ended (INRC-II's history). */
export interface CarryIn {
  /** Shift type index worked on the day before day 0, or null when that day was off. */
  lastShift: number | null;
  consecutiveWorkingDays: number;
  consecutiveDaysOff: number;
  consecutiveSameShift: number;
}

export const NO_CARRY_IN: CarryIn = { lastShift: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 0, consecutiveSameShift: 0 };

export interface StaffSpec {
  /** The person's user id (or position in an INRC-II instance). */
  id: number;
  /** Skill indices the person has; the first is the default skill. Empty when the profile is gone. */
  skills: number[];
  /** Null when the person has no contract: no contract rule applies to them. */
  contract: ContractSpec | null;
  carryIn: CarryIn;
  /** `leave[d]`: day d lies inside an approved leave. Length `days`. */
  leave: boolean[];
}

export type PreferenceKind = 'day_off' | 'shift_off' | 'shift_on';

export interface Preference {
  person: number;
  day: number;
  kind: PreferenceKind;
  /** The shift type index of `shift_off` / `shift_on`; null for `day_off`. */
  shift: number | null;
}

export interface RosterProblem {
  days: number;
  /** Weekday of day 0: 0 = Sunday … 6 = Saturday. */
  firstWeekday: number;
  /** Weekdays forming the weekend (docs/rota.md §1). */
  weekendDays: number[];
  skills: string[];
  shiftTypes: ShiftTypeSpec[];
  /** `forbiddenNext[a][b]`: shift type b may not be worked on the day after shift type a (§2, both rules merged). */
  forbiddenNext: boolean[][];
  staff: StaffSpec[];
  /** Requirements per (day, shift type, skill), at `coverageIndex(problem, d, s, k)`. */
  minimum: number[];
  optimal: number[];
  preferences: Preference[];
  weights: Weights;
  /**
   * A repair's reference (docs/rota.md §11.2): when set, the solver minimises `hard`, then `soft` plus `weight` for each
   * changed cell (`changedCells`); days before `from` are kept as the reference holds them.
   */
  reference?: RepairReference;
}

/** The roster as it stood when a repair began, and what changing a cell of it costs. */
export interface RepairReference {
  roster: Roster;
  /** The first day a repair may change: a cell from here on whose shift type or skill differs from `roster` is a change. */
  from: number;
  /** Soft penalty per changed cell, 0 to 1000. */
  weight: number;
}

export function coverageIndex(problem: RosterProblem, day: number, shift: number, skill: number): number {
  return (day * problem.shiftTypes.length + shift) * problem.skills.length + skill;
}

/**
 * One cell per (person, day) at `p * days + d`: `shift` is the shift type index or -1 for a day off,
 * `skill` the skill index the person works it with (-1 when off).
 */
export interface Roster {
  shift: Int16Array;
  skill: Int16Array;
}

export const OFF = -1;

export function emptyRoster(problem: RosterProblem): Roster {
  const size = problem.staff.length * problem.days;
  return { shift: new Int16Array(size).fill(OFF), skill: new Int16Array(size).fill(OFF) };
}

/** A roster of its own with the same cells as `roster`. */
export function copyRoster(roster: Roster): Roster {
  return { shift: Int16Array.from(roster.shift), skill: Int16Array.from(roster.skill) };
}

export function cellIndex(problem: RosterProblem, person: number, day: number): number {
  return person * problem.days + day;
}

/**
 * Whether a cell holding (shift, skill) is a change from the reference's (refShift, refSkill): another shift type, a
 * day off for work or work for a day off, or another skill on the same shift type.
 */
export function isChange(refShift: number, refSkill: number, shift: number, skill: number): boolean {
  return shift !== refShift || (shift >= 0 && skill !== refSkill);
}

export interface Score {
  hard: number;
  soft: number;
}

/** Lexicographic: fewer hard violations first, then less soft penalty. */
export function compareScores(a: Score, b: Score): number {
  return a.hard - b.hard || a.soft - b.soft;
}

export interface Violation {
  constraint: Constraint;
  severity: 'hard' | 'soft';
  person?: number;
  day?: number;
  shift?: number;
  skill?: number;
  count: number;
  /** `count` for a hard violation (its weight is 1 in `hard`); `count × weight` for a soft one. */
  penalty: number;
}

export interface StaffStats {
  person: number;
  assignments: number;
  minutes: number;
  workingWeekends: number;
  nights: number;
  preferencesHonoured: number;
  preferencesBroken: number;
}

export interface Evaluation {
  score: Score;
  violations: Violation[];
  staff: StaffStats[];
}
