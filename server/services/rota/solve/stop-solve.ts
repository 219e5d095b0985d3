import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../service-context.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { latestSolveJob } from './latest-solve-job.js';

/**
 * Stops the schedule's solve now (docs/rota.md §8). A queued job is cancelled at once; a running one is marked,
 * and the worker running it, in whatever process, sees the mark within a second, stops the search, and
 * writes the best roster it had (status `cancelled`, with its score). A finished job is left as it is.
 */
export async function stopSolve(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<void> {
  const schedule = await findWardSchedule(em, input);
  const job = await latestSolveJob(em, schedule.id);
  // One statement: a worker claiming the job at this moment either sees it cancelled or sees the mark.
  await em.execute(
    `update solve_job
        set status = case when status = 'queued' then 'cancelled' else status end,
            finished_at = case when status = 'queued' then ?::timestamptz else finished_at end,
            cancel_requested_at = coalesce(cancel_requested_at, ?::timestamptz)
      where id = ? and status in ('queued', 'running')`,
    [ctx.now, ctx.now, job.id],
  );
}
