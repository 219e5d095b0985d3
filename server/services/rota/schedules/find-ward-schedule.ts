import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { Schedule, type ISchedule } from '../../../db/entities/schedule.js';

/**
 * A schedule of the ward; unknown, another ward's, or a draft asked for by an employee (who sees published
 * schedules only) are alike 404 `schedule_not_found`. `lock` holds its row for the rest of the transaction.
 */
export async function findWardSchedule(
  em: EntityManager,
  input: { wardId: number; id: number; publishedOnly?: boolean; lock?: boolean },
): Promise<ISchedule> {
  const schedule = await em.findOne(
    Schedule,
    { id: input.id, ward: input.wardId, ...(input.publishedOnly ? { status: 'published' as const } : {}) },
    input.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : { refresh: true },
  );
  if (!schedule) throw new AppError('schedule_not_found');
  return schedule;
}
