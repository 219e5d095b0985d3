import type { EntityManager } from '@mikro-orm/postgresql';
import type { TListSwapsRequest, TSwap } from '../../../../shared/schemas/rota/swaps.js';
import { ShiftSwap } from '../../../db/entities/shift-swap.js';
import type { ServiceContext } from '../../service-context.js';
import { buildRosterProblem, type ScheduleProblem } from '../schedules/build-roster-problem.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { isOpenSwap, swapEffect, swapView } from './swap-view.js';

/**
 * The ward's swaps for a manager, else those the caller is a party to, newest first, filtered by `status`. Each open
 * swap's effect is computed on its schedule's cells as they are now, one problem built per schedule.
 */
export async function listSwaps(em: EntityManager, input: NonNullable<TListSwapsRequest> & { wardId: number }, ctx: ServiceContext): Promise<TSwap[]> {
  const swaps = await em.find(
    ShiftSwap,
    {
      ward: input.wardId,
      ...(input.status ? { status: input.status } : {}),
      ...(ctx.actor.role === 'manager' ? {} : { $or: [{ fromUser: ctx.actor.id }, { toUser: ctx.actor.id }] }),
    },
    { orderBy: { id: 'desc' } },
  );
  const built = new Map<number, ScheduleProblem>();
  for (const swap of swaps.filter(isOpenSwap)) {
    if (built.has(swap.schedule.id)) continue;
    const schedule = await findWardSchedule(em, { wardId: input.wardId, id: swap.schedule.id });
    built.set(schedule.id, await buildRosterProblem(em, schedulePeriod(schedule)));
  }
  return swaps.map((swap) => swapView(swap, isOpenSwap(swap) ? swapEffect(built.get(swap.schedule.id)!, swap) : null));
}
