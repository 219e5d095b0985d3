import type { TScore } from '../../../../shared/schemas/rota/schedules.js';
import type { TSwap } from '../../../../shared/schemas/rota/swaps.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import { OPEN_SWAP_STATUSES, type IShiftSwap } from '../../../db/entities/shift-swap.js';
import type { ScheduleProblem } from '../schedules/build-roster-problem.js';
import { cellOf, effectOf, whatIf } from '../schedules/cells-what-if.js';
import { exchangeOf, swapCells, swapDates } from './swap-cells.js';

export const isOpenSwap = (swap: IShiftSwap) => (OPEN_SWAP_STATUSES as readonly string[]).includes(swap.status);

/**
 * What exchanging the two people's cells as they stand would do to the schedule's score (docs/rota.md §11.3):
 * after minus now, by the one evaluator; null for a closed swap.
 */
export function swapEffect(built: ScheduleProblem, swap: IShiftSwap): TScore | null {
  if (!isOpenSwap(swap)) return null;
  const cells = swapCells(swap.fromUser.id, swap.toUser.id, swapDates(swap), (userId, date) => cellOf(built, userId, date));
  return effectOf(whatIf(built, exchangeOf(cells)));
}

export function swapView(swap: IShiftSwap, effect: TScore | null): TSwap {
  return {
    id: swap.id,
    scheduleId: swap.schedule.id,
    fromUserId: swap.fromUser.id,
    toUserId: swap.toUser.id,
    date: isoDateOf(swap.date),
    theirDate: isoDateOf(swap.theirDate),
    cells: swap.cells,
    status: swap.status,
    note: swap.note ?? null,
    effect,
    createdAt: swap.createdAt.toISOString(),
    decidedBy: swap.decidedBy?.id ?? null,
    decidedAt: swap.decidedAt ? swap.decidedAt.toISOString() : null,
  };
}
