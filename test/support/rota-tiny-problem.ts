// Small hand-made roster problems for the evaluator's tests: shift types by one-letter code, rows of cells as strings.
import { evaluate } from '../../server/rota/evaluate.js';
import {
  DEFAULT_WEIGHTS,
  OFF,
  coverageIndex,
  emptyRoster,
  type CarryIn,
  type Constraint,
  type ContractSpec,
  type Preference,
  type Roster,
  type RosterProblem,
  type Violation,
} from '../../server/rota/problem.js';

/** A contract under which no contract rule can be broken: each test tightens what it checks. */
export const LAX_CONTRACT: ContractSpec = {
  minAssignments: 0,
  maxAssignments: 62,
  minConsecutiveWorkingDays: 1,
  maxConsecutiveWorkingDays: 62,
  minConsecutiveDaysOff: 1,
  maxConsecutiveDaysOff: 62,
  maxWorkingWeekends: 62,
  completeWeekends: false,
};

export interface TinyPerson {
  /** Overrides of LAX_CONTRACT, or null for a person without a contract. */
  contract?: Partial<ContractSpec> | null;
  /** `lastShift` by code. */
  carryIn?: Partial<Omit<CarryIn, 'lastShift'>> & { lastShift?: string };
  skills?: number[];
  leaveDays?: number[];
}

export interface TinyOptions {
  days: number;
  /** Default 1: day 0 is a Monday. */
  firstWeekday?: number;
  /** Default [6, 0]. */
  weekendDays?: number[];
  /** One letter per shift type, default 'ELN'. */
  shifts?: string;
  /** `[min, max]` consecutive of each shift type, by code; default [1, 62]. */
  shiftLimits?: Record<string, [number, number]>;
  /** Forbidden successions as two letters: 'LE' forbids E on the day after L. */
  forbidden?: string[];
  skills?: string[];
  staff: TinyPerson[];
  preferences?: { person: number; day: number; kind: Preference['kind']; shift?: string }[];
  weights?: Partial<RosterProblem['weights']>;
}

export function tinyProblem(options: TinyOptions): RosterProblem {
  const codes = options.shifts ?? 'ELN';
  const shift = (code: string) => {
    const index = codes.indexOf(code);
    if (index < 0) throw new Error(`no shift type ${code}`);
    return index;
  };
  const skills = options.skills ?? ['Nurse'];
  const problem: RosterProblem = {
    days: options.days,
    firstWeekday: options.firstWeekday ?? 1,
    weekendDays: options.weekendDays ?? [6, 0],
    skills,
    shiftTypes: [...codes].map((code, s) => {
      const [min, max] = options.shiftLimits?.[code] ?? [1, 62];
      return { id: s, code, minutes: 480, endsNextDay: code === 'N', minConsecutive: min, maxConsecutive: max, assignable: true };
    }),
    forbiddenNext: [...codes].map((before) => [...codes].map((after) => (options.forbidden ?? []).includes(before + after))),
    staff: options.staff.map((person, p) => ({
      id: p,
      skills: person.skills ?? [0],
      contract: person.contract === null ? null : { ...LAX_CONTRACT, ...person.contract },
      carryIn: {
        lastShift: person.carryIn?.lastShift === undefined ? null : shift(person.carryIn.lastShift),
        consecutiveWorkingDays: person.carryIn?.consecutiveWorkingDays ?? 0,
        consecutiveDaysOff: person.carryIn?.consecutiveDaysOff ?? 0,
        consecutiveSameShift: person.carryIn?.consecutiveSameShift ?? 0,
      },
      leave: Array.from({ length: options.days }, (_, d) => (person.leaveDays ?? []).includes(d)),
    })),
    minimum: new Array<number>(options.days * codes.length * skills.length).fill(0),
    optimal: new Array<number>(options.days * codes.length * skills.length).fill(0),
    preferences: (options.preferences ?? []).map((preference) => ({
      person: preference.person,
      day: preference.day,
      kind: preference.kind,
      shift: preference.shift === undefined ? null : shift(preference.shift),
    })),
    weights: { ...DEFAULT_WEIGHTS, ...options.weights },
  };
  return problem;
}

/** Sets the (minimum, optimal) requirement of one day, shift type (by code) and skill. */
export function requireCover(problem: RosterProblem, day: number, code: string, skill: number, minimum: number, optimal: number): number {
  const index = coverageIndex(problem, day, shiftIndex(problem, code), skill);
  problem.minimum[index] = minimum;
  problem.optimal[index] = optimal;
  return index;
}

export function shiftIndex(problem: RosterProblem, code: string): number {
  const index = problem.shiftTypes.findIndex((shiftType) => shiftType.code === code);
  if (index < 0) throw new Error(`no shift type ${code}`);
  return index;
}

/** One string per person, one letter per day: a shift code, or '-' for a day off; each cell made with the person's first skill. */
export function tinyRoster(problem: RosterProblem, rows: string[]): Roster {
  const roster = emptyRoster(problem);
  rows.forEach((row, p) => {
    if (row.length !== problem.days) throw new Error(`row ${p} has ${row.length} days, the problem ${problem.days}`);
    [...row].forEach((code, d) => {
      if (code === '-') return;
      roster.shift[p * problem.days + d] = shiftIndex(problem, code);
      roster.skill[p * problem.days + d] = problem.staff[p]!.skills[0] ?? OFF;
    });
  });
  return roster;
}

export function violationsOf(problem: RosterProblem, roster: Roster, constraint: Constraint): Violation[] {
  return evaluate(problem, roster).violations.filter((violation) => violation.constraint === constraint);
}

/** The total penalty of one constraint. */
export function penaltyOf(problem: RosterProblem, roster: Roster, constraint: Constraint): number {
  return violationsOf(problem, roster, constraint).reduce((total, violation) => total + violation.penalty, 0);
}
