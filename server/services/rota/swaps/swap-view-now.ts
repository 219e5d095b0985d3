import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSwap } from '../../../../shared/schemas/rota/swaps.js';
import type { IShiftSwap } from '../../../db/entities/shift-swap.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { isOpenSwap, swapEffect, swapView } from './swap-view.js';

/** The swap as answered, its effect computed on the schedule's cells as they are now. */
export async function swapViewNow(em: EntityManager, swap: IShiftSwap): Promise<TSwap> {
  if (!isOpenSwap(swap)) return swapView(swap, null);
  const schedule = await findWardSchedule(em, { wardId: swap.ward.id, id: swap.schedule.id });
  return swapView(swap, swapEffect(await buildRosterProblem(em, schedulePeriod(schedule)), swap));
}
