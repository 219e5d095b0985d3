import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppError } from '../../../app-error.js';
import type { IShiftSwap } from '../../../db/entities/shift-swap.js';
import { notify } from '../../notifications/notify.js';
import type { CellChangeContext } from '../schedules/change-cells.js';
import { cellOf } from '../schedules/cells-what-if.js';
import { approveCellRequest } from '../schedules/decide-cell-request.js';
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
  const refusal = await approveCellRequest(
    tx,
    { kind: 'swap', request: swap },
    {
      changes: exchangeOf(swap.cells),
      stillFits: (built, today) => swap.cells.every((cell) => cell.date >= today && sameCell(cellOf(built, cell.userId, cell.date), asCellValue(cell))),
      acceptViolations,
    },
    ctx,
  );
  if (!refusal) await tellSwapDecided(tx, swap, ctx.now);
  return refusal;
}

/** Both parties of a swap a manager, or the ward's `swapApproval: "none"`, has decided are told (`swap_decided`). */
export async function tellSwapDecided(tx: EntityManager, swap: IShiftSwap, now: Date): Promise<void> {
  const data = { swapId: swap.id, scheduleId: swap.schedule.id, status: swap.status };
  await notify(tx, [swap.fromUser.id, swap.toUser.id].map((userId) => ({ userId, kind: 'swap_decided' as const, data })), now);
}
