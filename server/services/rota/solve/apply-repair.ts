import type { EntityManager } from '@mikro-orm/postgresql';
import type { TApplyRepairRequest, TApplyRepairResponse } from '../../../../shared/schemas/rota/solve.js';
import { AppError } from '../../../app-error.js';
import type { RepairProposal } from '../../../db/entities/solve-job.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { changeCells, type CellChangeContext } from '../schedules/change-cells.js';
import { evaluateSchedule } from '../schedules/evaluate-schedule.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod, scheduleView } from '../schedules/schedule-view.js';
import { markRepairApplied } from './solve-job-transitions.js';

/**
 * Applies a finished repair's proposal to its schedule in one transaction (docs/rota.md §11.2): 404 `job_not_found`
 * for a job of another schedule, 409 `proposal_not_available` for a full solve, a repair not over or without a
 * proposal, or one applied already, and 409 `version_conflict` when the schedule moved on from the proposal's
 * `baseVersion` (a manual edit and an apply racing: one wins), 409 `schedule_past` when a changed day has become history
 * since. Answers the schedule and its evaluation.
 */
export async function applyRepair(em: EntityManager, input: TApplyRepairRequest & { wardId: number }, ctx: CellChangeContext): Promise<TApplyRepairResponse> {
  return em.transactional(async (tx) => {
    const found = await findWardSchedule(tx, { wardId: input.wardId, id: input.id });
    const [job] = await tx.execute<{ mode: string; status: string; proposal: RepairProposal | null; applied_at: Date | null }[]>(
      'select mode, status, proposal, applied_at from solve_job where id = ? and schedule_id = ?',
      [input.jobId, found.id],
    );
    if (!job) throw new AppError('job_not_found');
    if (job.mode !== 'repair' || !['done', 'cancelled'].includes(job.status) || job.proposal === null || job.applied_at !== null) {
      throw new AppError('proposal_not_available');
    }
    await refuseOutdatedCells(tx, input.wardId, job.proposal);
    // The one path of cell changes: version claimed, days before today refused (409 schedule_past), each changed cell
    // audited with the route `repair` and who applied it, its person notified (`shift_changed`).
    const { schedule } = await changeCells(
      tx,
      {
        wardId: input.wardId,
        scheduleId: found.id,
        expectedVersion: job.proposal.baseVersion,
        changes: job.proposal.changes.map(({ userId, date, after }) => ({ userId, date, after: after === null ? null : { ...after, pinned: false } })),
        route: 'repair',
      },
      ctx,
    );
    // Claimed once: of two applies of one job that both got here, the second waited on the version and failed.
    if (!(await markRepairApplied(tx, input.jobId, ctx.actor.id, ctx.now))) throw new AppError('proposal_not_available');
    const evaluation = evaluateSchedule(await buildRosterProblem(tx, schedulePeriod(schedule)));
    return { schedule: scheduleView(schedule, evaluation.score), evaluation };
  });
}

/**
 * A proposal made under the ward's rules of its time may name someone since deactivated, moved or without that skill,
 * or a shift type since deactivated: such a proposal is no longer available (409 `proposal_not_available`; a new
 * repair plans under today's rules). Read under share locks, as a solve's write-back reads them.
 */
async function refuseOutdatedCells(tx: EntityManager, wardId: number, proposal: RepairProposal): Promise<void> {
  const worked = proposal.changes.flatMap((change) => (change.after === null ? [] : [{ userId: change.userId, ...change.after }]));
  if (worked.length === 0) return;
  const [staff, types] = await Promise.all([
    tx.execute<{ id: number; skills: string[] | null }[]>(
      'select u.id, sp.skills from app_user u join staff_profile sp on sp.user_id = u.id where u.ward_id = ? and u.active for share of u, sp',
      [wardId],
    ),
    tx.execute<{ id: number }[]>('select id from shift_type where ward_id = ? and active for share', [wardId]),
  ]);
  const skillsOf = new Map(staff.map((row) => [row.id, row.skills ?? []]));
  const active = new Set(types.map((row) => row.id));
  if (worked.some((cell) => !active.has(cell.shiftTypeId) || !skillsOf.get(cell.userId)?.includes(cell.skill))) throw new AppError('proposal_not_available');
}
