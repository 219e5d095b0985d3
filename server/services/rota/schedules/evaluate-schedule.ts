import type { TEvaluation, TScore, TViolation } from '../../../../shared/schemas/rota/schedules.js';
import { evaluate } from '../../../rota/evaluate.js';
import type { Violation } from '../../../rota/problem.js';
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

/** The schedule's stored cells scored by the one evaluator, mapped back to users, dates, shift types and skills. */
export function evaluateSchedule(built: ScheduleProblem): TEvaluation {
  const evaluation = evaluate(built.problem, built.roster);
  return {
    score: evaluation.score,
    violations: evaluation.violations.map((violation) => violationView(built, violation)),
    staff: evaluation.staff.map(({ person, ...figures }) => ({ userId: built.people[person]!.userId, ...figures })),
  };
}

export function scoreSchedule(built: ScheduleProblem): TScore {
  return evaluate(built.problem, built.roster).score;
}
