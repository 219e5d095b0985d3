import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSwap } from '../../../../shared/schemas/rota/swaps.js';
import { AppError } from '../../../app-error.js';
import { User } from '../../../db/entities/user.js';
import { notify } from '../../notifications/notify.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import type { CellChangeContext } from '../schedules/change-cells.js';
import { exchangeSwap } from './exchange-swap.js';
import { findVisibleSwap } from './find-visible-swap.js';
import { swapViewNow } from './swap-view-now.js';

export interface DecideSwapInput {
  wardId: number;
  id: number;
  decision: 'approved' | 'rejected';
  acceptViolations?: boolean | undefined;
  note?: string | undefined;
}

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
      const note = input.note || null;
      Object.assign(swap, { status: 'rejected', decisionNote: note, decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now, updatedAt: ctx.now });
      recordRotaEvent(tx, { type: 'swap_rejected', wardId: input.wardId, objectType: 'swap', objectId: swap.id, userId: swap.fromUser.id, note }, ctx);
      await tx.flush();
      await notify(
        tx,
        [swap.fromUser.id, swap.toUser.id].map((userId) => ({ userId, kind: 'swap_decided' as const, data: { swapId: swap.id, scheduleId: swap.schedule.id, status: 'rejected' } })),
        ctx.now,
      );
    }
    return { refusal: null, swap: await swapViewNow(tx, swap) };
  });
  if (result.refusal) throw result.refusal;
  return result.swap!;
}
