import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSchedule } from '../../../../shared/schemas/rota/schedules.js';
import { Schedule } from '../../../db/entities/schedule.js';
import type { ServiceContext } from '../../service-context.js';
import { buildRosterProblem } from './build-roster-problem.js';
import { scoreSchedule } from './evaluate-schedule.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';

/** The ward's schedules, newest period first, each scored; an employee sees the published ones only. */
export async function listSchedules(em: EntityManager, input: { wardId: number }, ctx: ServiceContext): Promise<TSchedule[]> {
  const schedules = await em.find(
    Schedule,
    { ward: input.wardId, ...(ctx.actor.role === 'manager' ? {} : { status: 'published' as const }) },
    { orderBy: { startDate: 'desc' } },
  );
  const views: TSchedule[] = [];
  for (const schedule of schedules) views.push(scheduleView(schedule, scoreSchedule(await buildRosterProblem(em, schedulePeriod(schedule)))));
  return views;
}
