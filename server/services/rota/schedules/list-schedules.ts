import type { EntityManager } from '@mikro-orm/postgresql';
import { SCHEDULES_PAGE, type TListSchedulesRequest, type TListSchedulesResponse, type TSchedule } from '../../../../shared/schemas/rota/schedules.js';
import { Schedule } from '../../../db/entities/schedule.js';
import type { ServiceContext } from '../../service-context.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';
import { scoreSchedules } from './scored-schedules.js';

/**
 * The ward's schedules, newest period first, each scored (a kept score where nothing it depends on changed); an employee sees the published ones only. One page of
 * `limit` (100 by default and at most); `nextCursor` (the page's last start date) starts the next, older one.
 */
export async function listSchedules(em: EntityManager, input: NonNullable<TListSchedulesRequest> & { wardId: number }, ctx: ServiceContext): Promise<TListSchedulesResponse> {
  const limit = input.limit ?? SCHEDULES_PAGE.default;
  const schedules = await em.find(
    Schedule,
    {
      ward: input.wardId,
      ...(ctx.actor.role === 'manager' ? {} : { status: 'published' as const }),
      ...(input.cursor ? { startDate: { $lt: input.cursor } } : {}),
    },
    { orderBy: { startDate: 'desc' }, limit: limit + 1 },
  );
  const page = schedules.slice(0, limit);
  const scores = await scoreSchedules(em, input.wardId, page.map(schedulePeriod));
  const views: TSchedule[] = page.map((schedule, i) => scheduleView(schedule, scores[i]!));
  return { schedules: views, nextCursor: schedules.length > limit ? views.at(-1)!.startDate : null };
}
