import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEvaluation } from '../../../../shared/schemas/rota/schedules.js';
import type { ServiceContext } from '../../service-context.js';
import { evaluateSchedule } from './evaluate-schedule.js';
import { findWardSchedule } from './find-ward-schedule.js';
import { schedulePeriod } from './schedule-view.js';
import { builtSchedule } from './scored-schedules.js';

/** docs/rota.md §7: the score, every violation and each person's figures of the schedule's cells. */
export async function readScheduleEvaluation(em: EntityManager, input: { wardId: number; id: number }, _ctx: ServiceContext): Promise<TEvaluation> {
  const schedule = await findWardSchedule(em, input);
  return evaluateSchedule(await builtSchedule(em, schedulePeriod(schedule)));
}
