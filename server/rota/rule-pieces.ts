/**
 * The pieces of docs/rota.md §7's rules that every form of them counts with: the evaluator (`evaluate.ts`), the
 * solver's fast person score (`person-cost.ts`) and its pricing searches (`plan-rows.ts`, `working-days.ts`).
 * Written once here, so that a rule's runs, carry-in, weekends and requests are judged alike everywhere.
 */
import { OFF, type ContractSpec, type Preference, type PreferenceKind, type RosterProblem } from './problem.js';

/**
 * A run of k days inside the period, preceded by a carried run of c days (0 when it does not touch day 0):
 * too long by the days over `max` not already charged in the carried period; too short only when it closes
 * before the period's end (a run open on the last day may go on in the next period).
 */
export function runCost(k: number, c: number, open: boolean, min: number, max: number): number {
  const length = c + k;
  const over = (length > max ? length - max : 0) - (c > max ? c - max : 0);
  return open || length >= min ? over : over + min - length;
}

/** A carried run of c days that day 0 breaks: judged only for being too short. */
export function brokenCarryCost(c: number, min: number): number {
  return c > 0 && min > c ? min - c : 0;
}

/** A request's kind as a small number, for flat arrays. */
export const PREFERENCE_KIND = { day_off: 0, shift_off: 1, shift_on: 2 } as const satisfies Record<PreferenceKind, number>;

/**
 * Whether a request of `kind` (a `PREFERENCE_KIND`) naming shift type `named` (OFF for a day off) is broken by a cell
 * that holds `shift` (OFF when resting).
 */
export function preferenceBroken(kind: number, named: number, shift: number): boolean {
  return kind === PREFERENCE_KIND.day_off ? shift !== OFF : kind === PREFERENCE_KIND.shift_off ? shift === named : shift !== named;
}

/**
 * The problem's requests that concern a cell of this roster (a person of its staff, a day of its period), sorted by person
 * and then day, requests of the same cell in the problem's order.
 */
export function requestsByPerson(problem: RosterProblem): Preference[] {
  const people = problem.staff.length;
  return problem.preferences
    .filter((preference) => preference.person >= 0 && preference.person < people && preference.day >= 0 && preference.day < problem.days)
    .sort((x, y) => x.person - y.person || x.day - y.day);
}

/** `forbidden[a * S + b]` is 1 where shift type b may not follow shift type a (S shift types). */
export function forbiddenTable(problem: RosterProblem): Uint8Array {
  const S = problem.shiftTypes.length;
  const forbidden = new Uint8Array(S * S);
  for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) forbidden[a * S + b] = problem.forbiddenNext[a]?.[b] ? 1 : 0;
  return forbidden;
}

/**
 * The period's weekends (docs/rota.md §1): a weekend is a maximal run of consecutive weekend days of the period (one
 * cut by its border is shorter). Weekend w runs from day `first[w]` to day `last[w]`; `of[d]` is the weekend of day d,
 * -1 on other days.
 */
export interface WeekendTable {
  first: Int16Array;
  last: Int16Array;
  of: Int16Array;
}

const weekendsByProblem = new WeakMap<RosterProblem, WeekendTable>();

/** The weekend table of a problem, built once per problem object. */
export function weekendTable(problem: RosterProblem): WeekendTable {
  let table = weekendsByProblem.get(problem);
  if (table === undefined) {
    const { days } = problem;
    const weekend = new Set(problem.weekendDays);
    const of = new Int16Array(days).fill(-1);
    const first: number[] = [];
    const last: number[] = [];
    for (let d = 0; d < days; d++) {
      if (!weekend.has((problem.firstWeekday + d) % 7)) continue;
      if (d === 0 || of[d - 1]! < 0) first.push(d);
      else last.pop();
      of[d] = first.length - 1;
      last.push(d);
    }
    table = { first: Int16Array.from(first), last: Int16Array.from(last), of };
    weekendsByProblem.set(problem, table);
  }
  return table;
}

/**
 * A weekend's state in the pricing searches, day by day: no day of it worked yet, every day so far worked, some of
 * each. Only `SOME_DAYS_WORKED` at its last day breaks a complete weekend.
 */
export const NO_DAY_WORKED = 0;
export const EVERY_DAY_WORKED = 1;
export const SOME_DAYS_WORKED = 2;
export const WEEKEND_STATES = 3;

/** The state after a weekend day worked or not (`works`), from `state` before it (ignored on the weekend's first day). */
export function nextWeekendState(state: number, works: boolean, firstOfWeekend: boolean): number {
  const before = firstOfWeekend ? NO_DAY_WORKED : state;
  if (before === NO_DAY_WORKED) return works ? (firstOfWeekend ? EVERY_DAY_WORKED : SOME_DAYS_WORKED) : NO_DAY_WORKED;
  return before === EVERY_DAY_WORKED && works ? EVERY_DAY_WORKED : SOME_DAYS_WORKED;
}

/** A contract's limits as numbers at these offsets of a flat per-person array (`CONTRACT_FIELDS` numbers each). */
export const CONTRACT = {
  minAssignments: 0,
  maxAssignments: 1,
  minConsecutiveWorkingDays: 2,
  maxConsecutiveWorkingDays: 3,
  minConsecutiveDaysOff: 4,
  maxConsecutiveDaysOff: 5,
  maxWorkingWeekends: 6,
  completeWeekends: 7,
} as const satisfies Record<keyof ContractSpec, number>;
export const CONTRACT_FIELDS = 8;

/** Writes a contract's limits at `at` of `into`, by `CONTRACT`'s offsets (complete weekends as 1 or 0). */
export function writeContract(into: Int32Array, at: number, contract: ContractSpec): void {
  for (const [field, offset] of Object.entries(CONTRACT) as [keyof ContractSpec, number][]) into[at + offset] = Number(contract[field]);
}
