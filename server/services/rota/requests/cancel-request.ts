import type { EntityManager } from '@mikro-orm/postgresql';
import type { TRotaRequest } from '../../../../shared/schemas/rota/requests.js';
import { AppError } from '../../../app-error.js';
import { RotaRequest } from '../../../db/entities/rota-request.js';
import { User } from '../../../db/entities/user.js';
import type { ServiceContext } from '../../service-context.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { publishedScheduleCovers } from '../schedules/published-schedule-covers.js';
import { findVisibleRequest } from './find-visible-request.js';
import { requestView } from './request-view.js';

/**
 * The owner or a manager cancels an active preference, or a pending or approved leave. Anything else
 * (rejected, already cancelled) is 409 `request_not_pending`. A preference inside a published schedule
 * is frozen (409 `schedule_published`).
 */
export async function cancelRequest(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<TRotaRequest> {
  return em.transactional(async (tx) => {
    const request = await findVisibleRequest(tx, input.wardId, input.id, ctx.actor);
    const leave = request.kind === 'leave';
    if (!leave && request.status === 'active' && (await publishedScheduleCovers(tx, input.wardId, request.date))) throw new AppError('schedule_published');
    const cancelled = await tx.nativeUpdate(
      RotaRequest,
      { id: request.id, status: { $in: leave ? ['pending', 'approved'] : ['active'] } },
      { status: 'cancelled', cancelledBy: tx.getReference(User, ctx.actor.id), cancelledAt: ctx.now, updatedAt: ctx.now },
    );
    if (cancelled !== 1) throw new AppError('request_not_pending');
    recordRotaEvent(tx, { type: 'request_cancelled', wardId: input.wardId, objectType: 'request', objectId: request.id, userId: request.user.id }, ctx);
    await tx.flush();
    return requestView(await tx.findOneOrFail(RotaRequest, request.id, { refresh: true }));
  });
}
