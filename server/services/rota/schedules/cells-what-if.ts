import type { TEvaluation, TScore, TViolation } from '../../../../shared/schemas/rota/schedules.js';
import { copyRoster, OFF } from '../../../rota/problem.js';
import type { ScheduleProblem } from './build-roster-problem.js';
import type { CellChange, CellValue } from './change-cells.js';
import { evaluateRoster } from './evaluate-schedule.js';

/** What a cell of the built schedule holds now (`null`: off, or someone the schedule does not know). */
export function cellOf(built: ScheduleProblem, userId: number, date: string): CellValue | null {
  const p = built.people.findIndex((person) => person.userId === userId);
  const d = built.dates.indexOf(date);
  if (p < 0 || d < 0) return null;
  const cell = p * built.problem.days + d;
  const s = built.roster.shift[cell]!;
  return s === OFF ? null : { shiftTypeId: built.shiftTypeIds[s]!, skill: built.problem.skills[built.roster.skill[cell]!]! };
}

/**
 * The schedule's evaluation now and with `changes` made, by the one evaluator (docs/rota.md §7); `null` when a change
 * names someone, a day, a shift type or a skill the schedule's problem does not hold.
 */
export function whatIf(built: ScheduleProblem, changes: Pick<CellChange, 'userId' | 'date' | 'after'>[]): { before: TEvaluation; after: TEvaluation } | null {
  const roster = copyRoster(built.roster);
  for (const change of changes) {
    const p = built.people.findIndex((person) => person.userId === change.userId);
    const d = built.dates.indexOf(change.date);
    if (p < 0 || d < 0) return null;
    const cell = p * built.problem.days + d;
    if (change.after === null) {
      roster.shift[cell] = OFF;
      roster.skill[cell] = OFF;
      continue;
    }
    const s = built.shiftTypeIds.indexOf(change.after.shiftTypeId);
    const k = built.problem.skills.indexOf(change.after.skill);
    if (s < 0 || k < 0) return null;
    roster.shift[cell] = s;
    roster.skill[cell] = k;
  }
  return { before: evaluateRoster(built, built.roster), after: evaluateRoster(built, roster) };
}

/** The score after minus the score now: positive figures make the ward's roster worse. */
export function effectOf(outcome: { before: TEvaluation; after: TEvaluation } | null): TScore | null {
  if (!outcome) return null;
  return { hard: outcome.after.score.hard - outcome.before.score.hard, soft: outcome.after.score.soft - outcome.before.score.soft };
}

/** The hard violations the change adds: those after it, less what was already there before. */
export function addedHardViolations(outcome: { before: TEvaluation; after: TEvaluation }): TViolation[] {
  const key = (v: TViolation) => JSON.stringify([v.constraint, v.userId, v.date, v.shiftTypeId, v.skill]);
  const before = new Map(outcome.before.violations.filter((v) => v.severity === 'hard').map((v) => [key(v), v.count]));
  return outcome.after.violations
    .filter((v) => v.severity === 'hard')
    .map((v) => ({ ...v, count: v.count - (before.get(key(v)) ?? 0) }))
    .filter((v) => v.count > 0)
    .map((v) => ({ ...v, penalty: v.count }));
}
