/**
 * The one definition of a roster's score (docs/rota.md §7): the HTTP evaluation, publishing's feasibility check and the
 * solver all use it. A table of named constraints, each written once: `evaluate` runs them with a report that
 * collects violations, `personScore` and `coverageScore` run the same code without one, so that
 * `evaluate(...).score` is exactly Σ personScore + Σ coverageScore. Pure: no database, HTTP or clock.
 */
import {
  HARD_CONSTRAINTS,
  OFF,
  SOFT_CONSTRAINTS,
  isChange,
  type Constraint,
  type ContractSpec,
  type Evaluation,
  type Roster,
  type RosterProblem,
  type Score,
  type SoftConstraint,
  type StaffStats,
  type Violation,
} from './problem.js';
import { brokenCarryCost, forbiddenTable, PREFERENCE_KIND, preferenceBroken as requestBroken, requestsByPerson, runCost, weekendTable, type WeekendTable } from './rule-pieces.js';

/** Where a violation lies: day, shift type and skill indices, -1 where they do not apply. */
type Report = (day: number, shift: number, skill: number, count: number) => void;

/**
 * Per-problem lookups, built once per problem object (the solver scores one problem millions of times). A problem
 * counts as frozen once scored: its weekends, forbidden successions, skills, leave and preferences are cached here.
 */
export interface Tables {
  weekends: WeekendTable;
  /** `forbidden[a * S + b]`: shift type b may not follow a. */
  forbidden: Uint8Array;
  /** `hasSkill[p * K + k]`: person p has skill k. */
  hasSkill: Uint8Array;
  /** `onLeave[p]`: person p has a day of leave in the period (most have none: their scan is skipped). */
  onLeave: Uint8Array;
  /** Preferences sorted by person: those of p are at `preferenceStart[p]` to `preferenceStart[p + 1]`. */
  preferenceStart: Int32Array;
  preferenceDay: Int16Array;
  /** `PREFERENCE_KIND` of each. */
  preferenceKind: Uint8Array;
  preferenceShift: Int16Array;
}

const tablesByProblem = new WeakMap<RosterProblem, Tables>();

function tablesOf(problem: RosterProblem): Tables {
  let tables = tablesByProblem.get(problem);
  if (!tables) {
    tables = buildTables(problem);
    tablesByProblem.set(problem, tables);
  }
  return tables;
}

function buildTables(problem: RosterProblem): Tables {
  const { staff, skills } = problem;
  const forbidden = forbiddenTable(problem);
  const K = skills.length;
  const hasSkill = new Uint8Array(staff.length * K);
  staff.forEach((person, p) => {
    for (const k of person.skills) if (k >= 0 && k < K) hasSkill[p * K + k] = 1;
  });

  const order = requestsByPerson(problem);
  const preferenceStart = new Int32Array(staff.length + 1);
  for (const preference of order) preferenceStart[preference.person + 1]!++;
  for (let p = 0; p < staff.length; p++) preferenceStart[p + 1]! += preferenceStart[p]!;
  return {
    weekends: weekendTable(problem),
    forbidden,
    hasSkill,
    onLeave: Uint8Array.from(staff, (person) => (person.leave.some(Boolean) ? 1 : 0)),
    preferenceStart,
    preferenceDay: Int16Array.from(order, (preference) => preference.day),
    preferenceKind: Uint8Array.from(order, (preference) => PREFERENCE_KIND[preference.kind]),
    preferenceShift: Int16Array.from(order, (preference) => preference.shift ?? -1),
  };
}

/** A constraint on one person's row of cells; returns its count (units), reporting where when asked. */
export interface PersonRule {
  scope: 'person';
  /** Contract rules skip people without a contract. */
  count(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number;
}

/** A constraint on one (day, shift type, skill) requirement covered by `count` cells. */
export interface CoverageRule {
  scope: 'coverage';
  count(problem: RosterProblem, index: number, covered: number): number;
}

export type EvaluatorRule = PersonRule | CoverageRule;

type PersonConstraint = PersonRule & { name: Constraint };
type CoverageConstraint = CoverageRule & { name: Constraint };
type ConstraintRule = PersonConstraint | CoverageConstraint;

function forbiddenSuccession(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const { days } = problem;
  const S = problem.shiftTypes.length;
  const base = p * days;
  let previous = problem.staff[p]!.carryIn.lastShift ?? OFF;
  let total = 0;
  for (let d = 0; d < days; d++) {
    const shift = roster.shift[base + d]!;
    if (previous >= 0 && shift >= 0 && tables.forbidden[previous * S + shift] === 1) {
      total++;
      if (report) report(d, shift, -1, 1);
    }
    previous = shift;
  }
  return total;
}

function missingSkill(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const { days } = problem;
  const K = problem.skills.length;
  const base = p * days;
  let total = 0;
  for (let d = 0; d < days; d++) {
    const shift = roster.shift[base + d]!;
    if (shift < 0) continue;
    const skill = roster.skill[base + d]!;
    if (skill < 0 || skill >= K || tables.hasSkill[p * K + skill] !== 1) {
      total++;
      if (report) report(d, shift, skill, 1);
    }
  }
  return total;
}

function leave(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number {
  if (tables.onLeave[p] === 0) return 0;
  const { days } = problem;
  const onLeave = problem.staff[p]!.leave;
  const base = p * days;
  let total = 0;
  for (let d = 0; d < days; d++) {
    const shift = roster.shift[base + d]!;
    if (shift >= 0 && onLeave[d]) {
      total++;
      if (report) report(d, shift, -1, 1);
    }
  }
  return total;
}

function consecutiveSameShift(problem: RosterProblem, _tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const { days, shiftTypes } = problem;
  const base = p * days;
  const carry = problem.staff[p]!.carryIn;
  const carried = carry.lastShift ?? OFF;
  let total = 0;
  if (carried >= 0 && roster.shift[base]! !== carried) {
    const cost = brokenCarryCost(carry.consecutiveSameShift, shiftTypes[carried]!.minConsecutive);
    if (cost > 0) {
      total += cost;
      if (report) report(0, carried, -1, cost);
    }
  }
  let start = 0;
  while (start < days) {
    const shift = roster.shift[base + start]!;
    let end = start + 1;
    while (end < days && roster.shift[base + end]! === shift) end++;
    if (shift >= 0) {
      const type = shiftTypes[shift]!;
      const c = start === 0 && shift === carried ? carry.consecutiveSameShift : 0;
      const cost = runCost(end - start, c, end === days, type.minConsecutive, type.maxConsecutive);
      if (cost > 0) {
        total += cost;
        if (report) report(start, shift, -1, cost);
      }
    }
    start = end;
  }
  return total;
}

/** Runs of worked days (`working`) or of days off, judged by the contract's limits. */
function dayRuns(problem: RosterProblem, roster: Roster, p: number, working: boolean, report: Report | null): number {
  const person = problem.staff[p]!;
  const contract = person.contract;
  if (!contract) return 0;
  const { days } = problem;
  const base = p * days;
  const min = working ? contract.minConsecutiveWorkingDays : contract.minConsecutiveDaysOff;
  const max = working ? contract.maxConsecutiveWorkingDays : contract.maxConsecutiveDaysOff;
  const carried = working ? person.carryIn.consecutiveWorkingDays : person.carryIn.consecutiveDaysOff;
  let total = 0;
  if (roster.shift[base]! >= 0 !== working) {
    const cost = brokenCarryCost(carried, min);
    if (cost > 0) {
      total += cost;
      if (report) report(0, -1, -1, cost);
    }
  }
  let start = 0;
  while (start < days) {
    const worked = roster.shift[base + start]! >= 0;
    let end = start + 1;
    while (end < days && roster.shift[base + end]! >= 0 === worked) end++;
    if (worked === working) {
      const cost = runCost(end - start, start === 0 ? carried : 0, end === days, min, max);
      if (cost > 0) {
        total += cost;
        if (report) report(start, -1, -1, cost);
      }
    }
    start = end;
  }
  return total;
}

function consecutiveWorkingDays(problem: RosterProblem, _tables: Tables, roster: Roster, p: number, report: Report | null): number {
  return dayRuns(problem, roster, p, true, report);
}

function consecutiveDaysOff(problem: RosterProblem, _tables: Tables, roster: Roster, p: number, report: Report | null): number {
  return dayRuns(problem, roster, p, false, report);
}

/** Whether preference i of the tables is broken by the roster. */
function preferenceBroken(tables: Tables, roster: Roster, base: number, i: number): boolean {
  return requestBroken(tables.preferenceKind[i]!, tables.preferenceShift[i]!, roster.shift[base + tables.preferenceDay[i]!]!);
}

function preference(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const base = p * problem.days;
  let total = 0;
  for (let i = tables.preferenceStart[p]!; i < tables.preferenceStart[p + 1]!; i++) {
    if (!preferenceBroken(tables, roster, base, i)) continue;
    total++;
    if (report) report(tables.preferenceDay[i]!, tables.preferenceShift[i]!, -1, 1);
  }
  return total;
}

/** The number of days of weekend w that person p works. */
function weekendDaysWorked(tables: Tables, roster: Roster, base: number, w: number): number {
  const last = tables.weekends.last[w]!;
  let worked = 0;
  for (let d = tables.weekends.first[w]!; d <= last; d++) if (roster.shift[base + d]! >= 0) worked++;
  return worked;
}

function completeWeekend(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const contract = problem.staff[p]!.contract;
  if (!contract?.completeWeekends) return 0;
  const base = p * problem.days;
  let total = 0;
  const { first, last } = tables.weekends;
  for (let w = 0; w < first.length; w++) {
    const worked = weekendDaysWorked(tables, roster, base, w);
    if (worked > 0 && worked <= last[w]! - first[w]!) {
      total++;
      if (report) report(first[w]!, -1, -1, 1);
    }
  }
  return total;
}

function assignmentCount(problem: RosterProblem, roster: Roster, p: number): number {
  const base = p * problem.days;
  let assignments = 0;
  for (let d = 0; d < problem.days; d++) if (roster.shift[base + d]! >= 0) assignments++;
  return assignments;
}

function totalAssignments(problem: RosterProblem, _tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const contract: ContractSpec | null = problem.staff[p]!.contract;
  if (!contract) return 0;
  const assignments = assignmentCount(problem, roster, p);
  const cost = Math.max(0, contract.minAssignments - assignments) + Math.max(0, assignments - contract.maxAssignments);
  if (cost > 0 && report) report(-1, -1, -1, cost);
  return cost;
}

function workingWeekendCount(tables: Tables, roster: Roster, base: number): number {
  let weekends = 0;
  for (let w = 0; w < tables.weekends.first.length; w++) if (weekendDaysWorked(tables, roster, base, w) > 0) weekends++;
  return weekends;
}

function workingWeekends(problem: RosterProblem, tables: Tables, roster: Roster, p: number, report: Report | null): number {
  const contract = problem.staff[p]!.contract;
  if (!contract) return 0;
  const cost = Math.max(0, workingWeekendCount(tables, roster, p * problem.days) - contract.maxWorkingWeekends);
  if (cost > 0 && report) report(-1, -1, -1, cost);
  return cost;
}

/** Each constraint's count, by name: a new name in `problem.ts` is a compile error here until it is counted. */
export const EVALUATOR: { readonly [K in Constraint]: EvaluatorRule } = {
  coverage_minimum: { scope: 'coverage', count: (problem, index, covered) => Math.max(0, problem.minimum[index]! - covered) },
  forbidden_succession: { scope: 'person', count: forbiddenSuccession },
  missing_skill: { scope: 'person', count: missingSkill },
  leave: { scope: 'person', count: leave },
  // Counted also where the minimum is missed: INRC-II charges both.
  coverage_optimal: { scope: 'coverage', count: (problem, index, covered) => Math.max(0, problem.optimal[index]! - covered) },
  consecutive_same_shift: { scope: 'person', count: consecutiveSameShift },
  consecutive_working_days: { scope: 'person', count: consecutiveWorkingDays },
  consecutive_days_off: { scope: 'person', count: consecutiveDaysOff },
  preference: { scope: 'person', count: preference },
  complete_weekend: { scope: 'person', count: completeWeekend },
  total_assignments: { scope: 'person', count: totalAssignments },
  working_weekends: { scope: 'person', count: workingWeekends },
};

/** docs/rota.md §7's table, in its order: the hard constraints, then the soft ones. */
export const CONSTRAINTS: readonly ConstraintRule[] = [...HARD_CONSTRAINTS, ...SOFT_CONSTRAINTS].map((name) => ({ name, ...EVALUATOR[name] }) as ConstraintRule);

const HARD = new Set<Constraint>(HARD_CONSTRAINTS);

const PERSON_RULES = CONSTRAINTS.filter((rule): rule is PersonConstraint => rule.scope === 'person');
const COVERAGE_RULES = CONSTRAINTS.filter((rule): rule is CoverageConstraint => rule.scope === 'coverage');

/** The weight of a constraint's unit in `soft`, or -1 for a hard one (a unit of `hard`). */
function weightOf(problem: RosterProblem, name: Constraint): number {
  return HARD.has(name) ? -1 : problem.weights[name as SoftConstraint];
}

const PERSON_HARD = PERSON_RULES.map((rule) => HARD.has(rule.name));

/** Everything but coverage for one person: what changes when only that person's cells change. */
export function personScore(problem: RosterProblem, roster: Roster, person: number): Score {
  const tables = tablesOf(problem);
  const weights = problem.weights;
  let hard = 0;
  let soft = 0;
  for (let i = 0; i < PERSON_RULES.length; i++) {
    const rule = PERSON_RULES[i]!;
    if (PERSON_HARD[i]) {
      hard += rule.count(problem, tables, roster, person, null);
    } else {
      const weight = weights[rule.name as SoftConstraint];
      if (weight !== 0) soft += weight * rule.count(problem, tables, roster, person, null);
    }
  }
  return { hard, soft };
}

/**
 * How many of person p's cells are changes from the problem's repair reference (docs/rota.md §11.2): cells from its
 * `from` on whose shift type or skill differs from it. 0 without a reference.
 */
export function personChanges(problem: RosterProblem, roster: Roster, p: number): number {
  const reference = problem.reference;
  if (reference === undefined) return 0;
  const base = p * problem.days;
  let changes = 0;
  for (let d = Math.max(0, reference.from); d < problem.days; d++) {
    const cell = base + d;
    if (isChange(reference.roster.shift[cell]!, reference.roster.skill[cell]!, roster.shift[cell]!, roster.skill[cell]!)) changes++;
  }
  return changes;
}

/** The cells (`p * days + d`) that are changes from the problem's repair reference, in order; none without one. */
export function changedCells(problem: RosterProblem, roster: Roster): number[] {
  const cells: number[] = [];
  if (problem.reference === undefined) return cells;
  const from = Math.max(0, problem.reference.from);
  const { shift, skill } = problem.reference.roster;
  for (let cell = 0; cell < roster.shift.length; cell++) {
    if (cell % problem.days >= from && isChange(shift[cell]!, skill[cell]!, roster.shift[cell]!, roster.skill[cell]!)) cells.push(cell);
  }
  return cells;
}

/**
 * What the solver minimises for one person: `personScore`, plus the change charge of a repair (its weight for each
 * changed cell, `personChanges`) in `soft`. Without a reference it is `personScore`.
 */
export function personObjective(problem: RosterProblem, roster: Roster, p: number): Score {
  const score = personScore(problem, roster, p);
  const weight = problem.reference?.weight ?? 0;
  if (weight !== 0) score.soft += weight * personChanges(problem, roster, p);
  return score;
}

/**
 * What the solver minimises: the evaluation's score (§7), plus a repair's change charge in `soft` (its weight for each
 * changed cell). Equal to `evaluate(...).score` without a reference. The search keeps this score move by move.
 */
export function objective(problem: RosterProblem, roster: Roster): Score {
  const score = evaluate(problem, roster).score;
  const weight = problem.reference?.weight ?? 0;
  return weight === 0 ? score : { hard: score.hard, soft: score.soft + weight * changedCells(problem, roster).length };
}

/** The cost of the requirement at `coverageIndex(...)` when `count` cells cover it. */
export function coverageScore(problem: RosterProblem, index: number, count: number): Score {
  let hard = 0;
  let soft = 0;
  for (let i = 0; i < COVERAGE_RULES.length; i++) {
    const rule = COVERAGE_RULES[i]!;
    const weight = weightOf(problem, rule.name);
    if (weight === 0) continue;
    const units = rule.count(problem, index, count);
    if (weight < 0) hard += units;
    else soft += units * weight;
  }
  return { hard, soft };
}

/** How many cells cover each requirement, at `coverageIndex(...)`. */
export function coverageCounts(problem: RosterProblem, roster: Roster): Int32Array {
  const S = problem.shiftTypes.length;
  const K = problem.skills.length;
  const counts = new Int32Array(problem.days * S * K);
  for (let cell = 0; cell < roster.shift.length; cell++) {
    const shift = roster.shift[cell]!;
    const skill = roster.skill[cell]!;
    if (shift < 0 || shift >= S || skill < 0 || skill >= K) continue;
    counts[((cell % problem.days) * S + shift) * K + skill]!++;
  }
  return counts;
}

/** The score, every violation and each person's figures (docs/rota.md §7). */
export function evaluate(problem: RosterProblem, roster: Roster): Evaluation {
  const tables = tablesOf(problem);
  const violations: Violation[] = [];
  const score: Score = { hard: 0, soft: 0 };
  const record = (name: Constraint, weight: number, person: number, day: number, shift: number, skill: number, count: number) => {
    const hard = weight < 0;
    const penalty = hard ? count : count * weight;
    const violation: Violation = { constraint: name, severity: hard ? 'hard' : 'soft', count, penalty };
    if (person >= 0) violation.person = person;
    if (day >= 0) violation.day = day;
    if (shift >= 0) violation.shift = shift;
    if (skill >= 0) violation.skill = skill;
    violations.push(violation);
    if (hard) score.hard += penalty;
    else score.soft += penalty;
  };

  const S = problem.shiftTypes.length;
  const K = problem.skills.length;
  const counts = coverageCounts(problem, roster);
  for (const rule of CONSTRAINTS) {
    const weight = weightOf(problem, rule.name);
    // A soft rule weighted 0 costs nothing: it is not a violation the ward asked to see.
    if (weight === 0) continue;
    if (rule.scope === 'coverage') {
      for (let index = 0; index < counts.length; index++) {
        const count = rule.count(problem, index, counts[index]!);
        if (count > 0) record(rule.name, weight, -1, Math.floor(index / (S * K)), Math.floor(index / K) % S, index % K, count);
      }
    } else {
      for (let p = 0; p < problem.staff.length; p++) {
        rule.count(problem, tables, roster, p, (day, shift, skill, count) => record(rule.name, weight, p, day, shift, skill, count));
      }
    }
  }

  return { score, violations, staff: problem.staff.map((_, p) => staffStats(problem, tables, roster, p)) };
}

/**
 * Person p's figures of docs/rota.md §7 (assignments, minutes, weekends worked, nights, preferences honoured and broken), as
 * `evaluate` reports them. The ward's ledger counts the same figures over its own range of days with this function.
 */
export function staffFigures(problem: RosterProblem, roster: Roster, p: number): StaffStats {
  return staffStats(problem, tablesOf(problem), roster, p);
}

/** How many of `days` (day indices of the period) person p works: the ledger's holidays worked. */
export function daysWorked(problem: RosterProblem, roster: Roster, p: number, days: Iterable<number>): number {
  const base = p * problem.days;
  let worked = 0;
  for (const d of days) if (d >= 0 && d < problem.days && roster.shift[base + d]! >= 0) worked++;
  return worked;
}

function staffStats(problem: RosterProblem, tables: Tables, roster: Roster, p: number): StaffStats {
  const base = p * problem.days;
  let minutes = 0;
  let nights = 0;
  for (let d = 0; d < problem.days; d++) {
    const shift = roster.shift[base + d]!;
    if (shift < 0) continue;
    const type = problem.shiftTypes[shift]!;
    minutes += type.minutes;
    if (type.endsNextDay) nights++;
  }
  let broken = 0;
  for (let i = tables.preferenceStart[p]!; i < tables.preferenceStart[p + 1]!; i++) {
    if (preferenceBroken(tables, roster, base, i)) broken++;
  }
  return {
    person: p,
    assignments: assignmentCount(problem, roster, p),
    minutes,
    workingWeekends: workingWeekendCount(tables, roster, base),
    nights,
    preferencesHonoured: tables.preferenceStart[p + 1]! - tables.preferenceStart[p]! - broken,
    preferencesBroken: broken,
  };
}
