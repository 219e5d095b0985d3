import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import type { ISchedule } from '../../../db/entities/schedule.js';
import { refuseWhileSolving } from '../solve/refuse-while-solving.js';
import { findWardSchedule } from './find-ward-schedule.js';

/**
 * Moves the schedule from `version` to the next one, inside the caller's transaction, and answers it with
 * its row locked. One conditional UPDATE: of two editors naming the same version, the second waits for the
 * first to commit and then matches no row (409 `version_conflict`); a rolled-back edit leaves the version.
 */
export async function claimScheduleVersion(tx: EntityManager, input: { wardId: number; id: number; version: number }, now: Date): Promise<ISchedule> {
  const claimed = await tx.execute(
    'update schedule set version = version + 1, updated_at = ? where id = ? and ward_id = ? and version = ? returning id',
    [now, input.id, input.wardId, input.version],
  );
  const schedule = await findWardSchedule(tx, { wardId: input.wardId, id: input.id, lock: true });
  if (claimed.length === 0) throw new AppError('version_conflict');
  // Cells and carry-in belong to the solver while it runs (docs/rota.md §8).
  await refuseWhileSolving(tx, schedule.id);
  return schedule;
}
