import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import type { IShiftSwap } from '../../../db/entities/shift-swap.js';
import { User } from '../../../db/entities/user.js';
import { notify } from '../../notifications/notify.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { changeCells, hospitalToday, type CellChangeContext } from '../schedules/change-cells.js';
import { addedHardViolations, cellOf, whatIf } from '../schedules/cells-what-if.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { asCellValue, exchangeOf, sameCell } from './swap-cells.js';

/**
 * Makes an accepted swap's exchange, in the caller's transaction with the swap's row locked (docs/rota.md §11.3).
 * With the schedule locked: when a cell no longer holds what it held when offered, or a day of it is now history, the
 * swap becomes `stale` and 409 `swap_stale` is answered (the caller commits the status first); when the exchange adds
 * hard violations and `acceptViolations` is not set, 409 `swap_infeasible` listing them, the swap unchanged. Else the
 * cells change through the one path (route `swap`), the swap is `approved` and both parties are told.
 * Answers the refusal to throw once the transaction has committed, or null.
 */
export async function exchangeSwap(tx: EntityManager, swap: IShiftSwap, acceptViolations: boolean, ctx: CellChangeContext): Promise<AppError | null> {
  const schedule = await findWardSchedule(tx, { wardId: swap.ward.id, id: swap.schedule.id, lock: true });
  const built = await buildRosterProblem(tx, schedulePeriod(schedule));
  const today = hospitalToday(ctx);
  const unchanged = swap.cells.every((cell) => cell.date >= today && sameCell(cellOf(built, cell.userId, cell.date), asCellValue(cell)));
  const changes = exchangeOf(swap.cells);
  const outcome = unchanged ? whatIf(built, changes) : null;
  if (!outcome) {
    swap.status = 'stale';
    swap.updatedAt = ctx.now;
    recordRotaEvent(tx, { type: 'swap_stale', wardId: swap.ward.id, objectType: 'swap', objectId: swap.id, userId: swap.fromUser.id }, ctx);
    await tx.flush();
    return new AppError('swap_stale');
  }
  const added = addedHardViolations(outcome);
  if (added.length > 0 && !acceptViolations) return new AppError('swap_infeasible', { details: { violations: added } });

  await changeCells(tx, { wardId: swap.ward.id, scheduleId: schedule.id, expectedVersion: schedule.version, changes, route: 'swap' }, ctx);
  Object.assign(swap, { status: 'approved', decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now, updatedAt: ctx.now });
  recordRotaEvent(
    tx,
    { type: 'swap_approved', wardId: swap.ward.id, objectType: 'swap', objectId: swap.id, userId: swap.fromUser.id, note: added.length > 0 ? `accepted ${added.length} hard violations` : null },
    ctx,
  );
  await tx.flush();
  await notify(
    tx,
    [swap.fromUser.id, swap.toUser.id].map((userId) => ({ userId, kind: 'swap_decided' as const, data: { swapId: swap.id, scheduleId: schedule.id, status: 'approved' } })),
    ctx.now,
  );
  return null;
}
