import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { Schedule } from '../../../db/entities/schedule.js';
import type { ServiceContext } from '../../service-context.js';
import { findWardSchedule } from './find-ward-schedule.js';

/** Deletes a draft with its cells and carry-in; a published schedule stays (409 `schedule_published`). */
export async function deleteSchedule(em: EntityManager, input: { wardId: number; id: number }, _ctx: ServiceContext): Promise<void> {
  await em.transactional(async (tx) => {
    const schedule = await findWardSchedule(tx, { ...input, lock: true });
    if (schedule.status === 'published') throw new AppError('schedule_published');
    await tx.nativeDelete(Schedule, { id: schedule.id });
  });
}
