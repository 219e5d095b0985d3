import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSwap } from '../../../../shared/schemas/rota/swaps.js';
import { AppError } from '../../../app-error.js';
import type { SwapStatus } from '../../../db/entities/shift-swap.js';
import { notify } from '../../notifications/notify.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import type { CellChangeContext } from '../schedules/change-cells.js';
import { readRotaSettings } from '../settings/read-rota-settings.js';
import { exchangeSwap } from './exchange-swap.js';
import { findVisibleSwap } from './find-visible-swap.js';
import { swapViewNow } from './swap-view-now.js';

export type SwapResponse = 'accept' | 'decline' | 'cancel';

// Who may answer, and from which statuses (docs/rota.md §11.3).
const RULES: Record<SwapResponse, { party: 'fromUser' | 'toUser'; from: SwapStatus[]; to: SwapStatus }> = {
  accept: { party: 'toUser', from: ['offered'], to: 'accepted' },
  decline: { party: 'toUser', from: ['offered'], to: 'declined' },
  cancel: { party: 'fromUser', from: ['offered', 'accepted'], to: 'cancelled' },
};

/**
 * A party's answer to a swap: the person asked accepts or declines an offer, the offerer cancels it while it is
 * offered or accepted. Someone who may see the swap but is not that party: 403 `forbidden`; the wrong status: 409
 * `swap_not_pending`. The swap's row is locked, so of answers racing exactly one counts. An acceptance tells the
 * offerer, a refusal too; under the ward's `swapApproval: "none"` accepting makes the exchange at once, by the
 * person accepting (a stale swap then answers 409 `swap_stale`; one adding hard violations stays `accepted`, 409
 * `swap_infeasible`, for a manager to decide).
 */
export async function respondSwap(em: EntityManager, input: { wardId: number; id: number; response: SwapResponse }, ctx: CellChangeContext): Promise<TSwap> {
  const rule = RULES[input.response];
  const result = await em.transactional(async (tx) => {
    const swap = await findVisibleSwap(tx, { wardId: input.wardId, id: input.id, lock: true }, ctx.actor);
    if (swap[rule.party].id !== ctx.actor.id) throw new AppError('forbidden');
    if (!rule.from.includes(swap.status)) throw new AppError('swap_not_pending');
    swap.status = rule.to;
    swap.updatedAt = ctx.now;
    recordRotaEvent(tx, { type: `swap_${rule.to}` as 'swap_accepted' | 'swap_declined' | 'swap_cancelled', wardId: input.wardId, objectType: 'swap', objectId: swap.id, userId: swap.fromUser.id }, ctx);
    await tx.flush();
    if (input.response !== 'cancel') {
      const kind = input.response === 'accept' ? 'swap_accepted' : 'swap_declined';
      await notify(tx, [{ userId: swap.fromUser.id, kind, data: { swapId: swap.id, scheduleId: swap.schedule.id } }], ctx.now);
    }
    let refusal: AppError | null = null;
    if (input.response === 'accept' && (await readRotaSettings(tx, { wardId: input.wardId })).swapApproval === 'none') {
      refusal = await exchangeSwap(tx, swap, false, ctx);
    }
    return { refusal, swap: refusal ? null : await swapViewNow(tx, swap) };
  });
  if (result.refusal) throw result.refusal;
  return result.swap!;
}
