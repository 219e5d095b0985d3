import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CHANGE_WEIGHT, type TSolveJob, type TStartSolveRequest } from '../../../../shared/schemas/rota/solve.js';
import { AppError } from '../../../app-error.js';
import type { ISchedule } from '../../../db/entities/schedule.js';
import { SolveJob, type ISolveJob, type SolveMode } from '../../../db/entities/solve-job.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import type { JobSender } from '../../../jobs/job-sender.js';
import { isoDateIn } from '../../../time/hospital-time.js';
import type { ServiceContext, ServiceDeps } from '../../service-context.js';
import { lockWard } from '../lock-ward.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { refuseWhileSolving } from './refuse-while-solving.js';
import { failUnqueuedSolveJob } from './solve-job-transitions.js';
import { solveJobView } from './solve-job-view.js';
import { SOLVE_QUEUE, type SolveJobData } from './solve-queue.js';

/** What a solve is asked to do once its request is checked against the schedule. */
interface SolvePlan {
  mode: SolveMode;
  fromDate: string | null;
  changeWeight: number | null;
}

/**
 * docs/rota.md §11.2: `mode` defaults to `full` for a draft and `repair` for a published schedule, where `full` is 409
 * `schedule_published`. A repair starts from `from` (default today in the hospital's zone, clamped to the period): a
 * `from` outside the period, or before today on a published schedule, is 400 `invalid_input`, and a published schedule
 * whose last day has passed is 409 `schedule_past`. `from` and `changeWeight` belong to a repair only.
 */
function planSolve(schedule: ISchedule, input: TStartSolveRequest, today: string): SolvePlan {
  const published = schedule.status === 'published';
  const period = schedulePeriod(schedule);
  const mode = input.mode ?? (published ? 'repair' : 'full');
  if (mode === 'full') {
    if (published) throw new AppError('schedule_published');
    const stray = (['from', 'changeWeight'] as const).filter((field) => input[field] !== undefined);
    if (stray.length > 0) throw new AppError('invalid_input', { issues: stray.map((field) => ({ path: field, message: 'Only a repair takes this.' })) });
    return { mode, fromDate: null, changeWeight: null };
  }
  if (published && period.endDate < today) throw new AppError('schedule_past');
  const from = input.from ?? (today < period.startDate ? period.startDate : today > period.endDate ? period.endDate : today);
  if (from < period.startDate || from > period.endDate) throw new AppError('invalid_input', { issues: [{ path: 'from', message: "The date is outside the schedule's period." }] });
  if (published && from < today) throw new AppError('invalid_input', { issues: [{ path: 'from', message: 'Days before today of a published schedule are history.' }] });
  return { mode, fromDate: from, changeWeight: input.changeWeight ?? CHANGE_WEIGHT.default };
}

/**
 * Queues an automatic generation of the schedule (docs/rota.md §8), a full solve or a repair (§11.2, `planSolve`): the
 * job row, then its message on the queue. One solve per schedule: under the schedule's row lock (which edits take too)
 * a queued or running job answers 409 `solve_in_progress`; the partial unique index backs that up. The message's
 * priority is minus the ward's solves already queued or running (counted under the ward's lock): the queue takes the
 * highest priority first, then the oldest, so each ward has at most one solve ahead of another ward's first, and a
 * ward that queues four solves does not hold the workers from everyone else.
 */
export async function startSolve(
  em: EntityManager,
  input: TStartSolveRequest & { wardId: number },
  ctx: ServiceContext & Pick<ServiceDeps, 'config'>,
  queue: JobSender,
): Promise<TSolveJob> {
  let job: ISolveJob;
  let priority = 0;
  try {
    job = await em.transactional(async (tx) => {
      // Deleting a shift type holds the ward's lock while it checks for solves: a solve starts before it or after.
      await lockWard(tx, input.wardId);
      const schedule = await findWardSchedule(tx, { wardId: input.wardId, id: input.id, lock: true });
      const plan = planSolve(schedule, input, isoDateIn(ctx.now, ctx.config.timezone));
      await refuseWhileSolving(tx, schedule.id);
      // Fairness between wards: a ward's solves already queued or running put its next one behind the other wards'.
      const [ward] = await tx.execute<{ ahead: number }[]>("select count(*)::int as ahead from solve_job where ward_id = ? and status in ('queued', 'running')", [
        input.wardId,
      ]);
      priority = -ward!.ahead;
      const created = tx.create(SolveJob, {
        ...plan,
        proposal: null,
        appliedAt: null,
        appliedBy: null,
        ward: tx.getReference(Ward, input.wardId),
        schedule,
        requestedBy: tx.getReference(User, ctx.actor.id),
        status: 'queued',
        timeLimitSeconds: input.timeLimitSeconds,
        attempt: 0,
        bestHard: null,
        bestSoft: null,
        progress: [],
        error: null,
        cancelRequestedAt: null,
        createdAt: ctx.now,
        startedAt: null,
        finishedAt: null,
      });
      await tx.flush();
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new AppError('solve_in_progress', { cause: error });
    throw error;
  }
  try {
    await queue.send(SOLVE_QUEUE, { solveJobId: job.id } satisfies SolveJobData, { priority });
  } catch (error) {
    // Without its message no worker would ever take the job, and it would hold the schedule: give it up.
    await failUnqueuedSolveJob(em, job.id, ctx.now);
    throw error;
  }
  return solveJobView(job);
}
