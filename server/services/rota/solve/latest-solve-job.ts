import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { SolveJob, type ISolveJob } from '../../../db/entities/solve-job.js';

/** The schedule's most recent solve, or 404 `job_not_found` when none was ever started. */
export async function latestSolveJob(em: EntityManager, scheduleId: number): Promise<ISolveJob> {
  const job = await em.findOne(SolveJob, { schedule: scheduleId }, { orderBy: { id: 'desc' }, refresh: true });
  if (!job) throw new AppError('job_not_found');
  return job;
}
