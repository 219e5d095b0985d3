import type { EntityManager } from '@mikro-orm/postgresql';
import { daysBetween } from '../../../calendar/iso-dates.js';
import type { ProposalCell, RepairProposal } from '../../../db/entities/solve-job.js';
import { changedCells, evaluate } from '../../../rota/evaluate.js';
import { OFF, copyRoster, type Roster, type RosterProblem } from '../../../rota/problem.js';
import type { ScheduleProblem } from '../schedules/build-roster-problem.js';

/** What a repair job was asked for (docs/rota.md §11.2): its first day that may change and its price per change. */
export interface RepairRequest {
  fromDate: string;
  changeWeight: number;
}

/** The job's repair request, or null for a full solve. */
export async function repairRequestOf(em: EntityManager, jobId: number): Promise<RepairRequest | null> {
  const [row] = await em.execute<{ mode: string; from_date: string | null; change_weight: number | null }[]>(
    'select mode, from_date::text as from_date, change_weight from solve_job where id = ?',
    [jobId],
  );
  if (!row || row.mode !== 'repair') return null;
  return { fromDate: row.from_date!, changeWeight: row.change_weight! };
}

/**
 * The schedule's problem as a repair sees it: the roster as it stands is the reference, every cell from `fromDate` on
 * that differs from it costs `changeWeight`, and days before `fromDate` are kept (the engine pins them).
 */
export function repairProblem(built: ScheduleProblem, request: RepairRequest): RosterProblem {
  const from = Math.max(0, daysBetween(built.dates[0]!, request.fromDate));
  return { ...built.problem, reference: { roster: copyRoster(built.roster), from, weight: request.changeWeight } };
}

/**
 * What applying `roster` would change in the schedule as it stands (version `baseVersion`): each changed cell with its
 * before and after, and the evaluation's score (§7) of the roster now and after the changes.
 */
export function repairProposal(built: ScheduleProblem, problem: RosterProblem, roster: Roster, baseVersion: number): RepairProposal {
  const cellOf = (from: Roster, cell: number): ProposalCell =>
    from.shift[cell] === OFF ? null : { shiftTypeId: built.shiftTypeIds[from.shift[cell]!]!, skill: built.problem.skills[from.skill[cell]!]! };
  const days = built.problem.days;
  return {
    baseVersion,
    changes: changedCells(problem, roster).map((cell) => ({
      userId: built.people[Math.floor(cell / days)]!.userId,
      date: built.dates[cell % days]!,
      before: cellOf(built.roster, cell),
      after: cellOf(roster, cell),
    })),
    scoreBefore: evaluate(built.problem, built.roster).score,
    scoreAfter: evaluate(built.problem, roster).score,
  };
}
