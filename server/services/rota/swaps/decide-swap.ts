import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSwap } from '../../../../shared/schemas/rota/swaps.js';
import { AppError } from '../../../app-error.js';
import type { CellChangeContext } from '../schedules/change-cells.js';
import { rejectCellRequest, type DecideCellRequestInput } from '../schedules/decide-cell-request.js';
import { exchangeSwap, tellSwapDecided } from './exchange-swap.js';
import { findVisibleSwap } from './find-visible-swap.js';
import { swapViewNow } from './swap-view-now.js';

export type DecideSwapInput = DecideCellRequestInput<'approved' | 'rejected'>;

/**
 * A manager of the ward decides an accepted swap (docs/rota.md §11.3): approving exchanges the cells (exchange-swap.ts:
 * 409 `swap_stale` or `swap_infeasible` when it cannot), rejecting closes it; both parties are told. Any other status:
 * 409 `swap_not_pending`. The swap's row is locked: of approvals racing, one exchanges and the rest find it decided.
 */
export async function decideSwap(em: EntityManager, input: DecideSwapInput, ctx: CellChangeContext): Promise<TSwap> {
  const result = await em.transactional(async (tx) => {
    const swap = await findVisibleSwap(tx, { wardId: input.wardId, id: input.id, lock: true }, ctx.actor);
    if (swap.status !== 'accepted') throw new AppError('swap_not_pending');
    if (input.decision === 'approved') {
      const refusal = await exchangeSwap(tx, swap, input.acceptViolations === true, ctx);
      if (refusal) return { refusal, swap: null };
    } else {
      await rejectCellRequest(tx, { kind: 'swap', request: swap }, input.note || null, ctx);
      await tellSwapDecided(tx, swap, ctx.now);
    }
    return { refusal: null, swap: await swapViewNow(tx, swap) };
  });
  if (result.refusal) throw result.refusal;
  return result.swap!;
}
