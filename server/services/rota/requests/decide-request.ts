import type { EntityManager } from '@mikro-orm/postgresql';
import type { TRotaRequest } from '../../../../shared/schemas/rota/requests.js';
import { AppError } from '../../../app-error.js';
import { RotaRequest } from '../../../db/entities/rota-request.js';
import { User } from '../../../db/entities/user.js';
import { notify } from '../../notifications/notify.js';
import type { ServiceContext } from '../../service-context.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { findVisibleRequest } from './find-visible-request.js';
import { requestView } from './request-view.js';

export interface DecideRequestInput {
  wardId: number;
  id: number;
  decision: 'approved' | 'rejected';
  note?: string | undefined;
}

/**
 * A manager approves or rejects a pending leave. One conditional UPDATE decides, so of two managers
 * deciding at once exactly one does and the other gets 409 `request_not_pending`; the decision, its
 * audit record and the owner's `request_decided` notification are one transaction.
 */
export async function decideRequest(em: EntityManager, input: DecideRequestInput, ctx: ServiceContext): Promise<TRotaRequest> {
  return em.transactional(async (tx) => {
    const request = await findVisibleRequest(tx, input.wardId, input.id, ctx.actor);
    const note = input.note || null;
    const decided = await tx.nativeUpdate(
      RotaRequest,
      { id: request.id, status: 'pending' },
      { status: input.decision, decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now, decisionNote: note, updatedAt: ctx.now },
    );
    if (decided !== 1) throw new AppError('request_not_pending');
    recordRotaEvent(
      tx,
      { type: input.decision === 'approved' ? 'request_approved' : 'request_rejected', wardId: input.wardId, objectType: 'request', objectId: request.id, userId: request.user.id, note },
      ctx,
    );
    await notify(tx, [{ userId: request.user.id, kind: 'request_decided', data: { requestId: request.id, status: input.decision } }], ctx.now);
    await tx.flush();
    return requestView(await tx.findOneOrFail(RotaRequest, request.id, { refresh: true }));
  });
}
