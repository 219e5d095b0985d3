import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../service-context.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { latestSolveJob } from './latest-solve-job.js';
import { requestSolveStop } from './solve-job-transitions.js';

/**
 * Stops the schedule's solve now (docs/rota.md §8). A queued job is cancelled at once; a running one is marked,
 * and the worker running it, in whatever process, sees the mark within a second, stops the search, and
 * writes the best roster it had (status `cancelled`, with its score). A finished job is left as it is.
 */
export async function stopSolve(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<void> {
  const schedule = await findWardSchedule(em, input);
  const job = await latestSolveJob(em, schedule.id);
  await requestSolveStop(em, job.id, ctx.now);
}
