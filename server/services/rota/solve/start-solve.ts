import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSolveJob, TStartSolveRequest } from '../../../../shared/schemas/rota/solve.js';
import { AppError } from '../../../app-error.js';
import { SolveJob, type ISolveJob } from '../../../db/entities/solve-job.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import type { JobSender } from '../../../jobs/job-sender.js';
import type { ServiceContext } from '../../service-context.js';
import { lockWard } from '../lock-ward.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { refuseWhileSolving } from './refuse-while-solving.js';
import { failUnqueuedSolveJob } from './solve-job-transitions.js';
import { solveJobView } from './solve-job-view.js';
import { SOLVE_QUEUE, type SolveJobData } from './solve-queue.js';

/**
 * Queues an automatic generation of the schedule (docs/rota.md §8): the job row, then its message on the queue.
 * One solve per schedule: under the schedule's row lock (which edits take too) a queued or running job
 * answers 409 `solve_in_progress`; the partial unique index backs that up.
 */
export async function startSolve(em: EntityManager, input: TStartSolveRequest & { wardId: number }, ctx: ServiceContext, queue: JobSender): Promise<TSolveJob> {
  let job: ISolveJob;
  try {
    job = await em.transactional(async (tx) => {
      // Deleting a shift type holds the ward's lock while it checks for solves: a solve starts before it or after.
      await lockWard(tx, input.wardId);
      const schedule = await findWardSchedule(tx, { wardId: input.wardId, id: input.id, lock: true });
      await refuseWhileSolving(tx, schedule.id);
      const created = tx.create(SolveJob, {
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
    await queue.send(SOLVE_QUEUE, { solveJobId: job.id } satisfies SolveJobData);
  } catch (error) {
    // Without its message no worker would ever take the job, and it would hold the schedule: give it up.
    await failUnqueuedSolveJob(em, job.id, ctx.now);
    throw error;
  }
  return solveJobView(job);
}
