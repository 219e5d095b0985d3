import type { TSchedule, TScore } from '../../../../shared/schemas/rota/schedules.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import type { ISchedule } from '../../../db/entities/schedule.js';
import type { SchedulePeriod } from './build-roster-problem.js';

export function schedulePeriod(schedule: ISchedule): SchedulePeriod & { version: number } {
  return { id: schedule.id, wardId: schedule.ward.id, startDate: isoDateOf(schedule.startDate), endDate: isoDateOf(schedule.endDate), version: schedule.version };
}

export function scheduleView(schedule: ISchedule, score: TScore): TSchedule {
  return {
    id: schedule.id,
    startDate: isoDateOf(schedule.startDate),
    endDate: isoDateOf(schedule.endDate),
    status: schedule.status,
    version: schedule.version,
    publishedAt: schedule.publishedAt ? schedule.publishedAt.toISOString() : null,
    createdAt: schedule.createdAt.toISOString(),
    score,
  };
}
