import type { TEvaluation, TScore, TViolation } from '../../../../shared/schemas/rota/schedules.js';
import { evaluate } from '../../../rota/evaluate.js';
import type { Roster, Violation } from '../../../rota/problem.js';
import type { ScheduleProblem } from './build-roster-problem.js';

/** The evaluator's indices as the ids and dates of the API (docs/rota.md §7). */
export function violationView(built: ScheduleProblem, violation: Violation): TViolation {
  return {
    constraint: violation.constraint,
    severity: violation.severity,
    ...(violation.person !== undefined ? { userId: built.people[violation.person]!.userId } : {}),
    ...(violation.day !== undefined ? { date: built.dates[violation.day]! } : {}),
    ...(violation.shift !== undefined ? { shiftTypeId: built.shiftTypeIds[violation.shift]! } : {}),
    ...(violation.skill !== undefined && violation.skill < built.problem.skills.length ? { skill: built.problem.skills[violation.skill]! } : {}),
    count: violation.count,
    penalty: violation.penalty,
  };
}

/**
 * Cells of a shift type that was deactivated after they were made: a hard violation each (`inactive_shift_type`),
 * so that a roster still using one is not published unnoticed. (A cell of someone no longer on the ward's
 * rota counts as `missing_skill`: the problem gives such a person no skills.)
 */
function inactiveShiftTypeCells(built: ScheduleProblem): TViolation[] {
  const { problem, roster } = built;
  const violations: TViolation[] = [];
  for (let cell = 0; cell < roster.shift.length; cell++) {
    const shift = roster.shift[cell]!;
    if (shift < 0 || problem.shiftTypes[shift]!.assignable) continue;
    violations.push({
      constraint: 'inactive_shift_type',
      severity: 'hard',
      userId: built.people[Math.floor(cell / problem.days)]!.userId,
      date: built.dates[cell % problem.days]!,
      shiftTypeId: built.shiftTypeIds[shift]!,
      count: 1,
      penalty: 1,
    });
  }
  return violations;
}

/** The schedule's stored cells scored by the one evaluator, mapped back to users, dates, shift types and skills. */
export function evaluateSchedule(built: ScheduleProblem): TEvaluation {
  return evaluateRoster(built, built.roster);
}

/** Another roster of the same schedule (a change not yet made) scored and mapped as evaluateSchedule does. */
export function evaluateRoster(built: ScheduleProblem, roster: Roster): TEvaluation {
  const evaluation = evaluate(built.problem, roster);
  const inactive = inactiveShiftTypeCells(built);
  return {
    score: { hard: evaluation.score.hard + inactive.length, soft: evaluation.score.soft },
    violations: [...evaluation.violations.map((violation) => violationView(built, violation)), ...inactive],
    staff: evaluation.staff.map(({ person, ...figures }) => ({ userId: built.people[person]!.userId, ...figures })),
  };
}

export function scoreSchedule(built: ScheduleProblem): TScore {
  const score = evaluate(built.problem, built.roster).score;
  return { hard: score.hard + inactiveShiftTypeCells(built).length, soft: score.soft };
}
