import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSolveJob } from '../../../../shared/schemas/rota/solve.js';
import type { ServiceContext } from '../../service-context.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { latestSolveJob } from './latest-solve-job.js';
import { solveJobView } from './solve-job-view.js';

/** The schedule's latest solve as it stands: status, best score and progress (docs/rota.md §8). */
export async function readSolve(em: EntityManager, input: { wardId: number; id: number }, _ctx: ServiceContext): Promise<TSolveJob> {
  const schedule = await findWardSchedule(em, input);
  return solveJobView(await latestSolveJob(em, schedule.id));
}
