import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';

/**
 * 409 `solve_in_progress` while a solve of the schedule is queued or running (docs/rota.md §8). Called with the
 * schedule's row locked: starting a solve takes the same lock, so an edit and a start never both pass.
 */
export async function refuseWhileSolving(tx: EntityManager, scheduleId: number): Promise<void> {
  const active = await tx.execute<{ id: number }[]>("select id from solve_job where schedule_id = ? and status in ('queued', 'running') limit 1", [scheduleId]);
  if (active.length > 0) throw new AppError('solve_in_progress');
}
