import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_OPEN_REQUESTS, type TCreateRequestRequest, type TRotaRequest } from '../../../../shared/schemas/rota/requests.js';
import { AppError } from '../../../app-error.js';
import { RotaRequest } from '../../../db/entities/rota-request.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import { notify } from '../../notifications/notify.js';
import type { ServiceContext } from '../../service-context.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { publishedScheduleCovers } from '../schedules/published-schedule-covers.js';
import { findWardShiftType } from '../shift-types/find-ward-shift-types.js';
import { requestView } from './request-view.js';

/**
 * Makes a request for the caller, or, by a manager, for any account of the ward. A preference is
 * `active` at once; a leave (also inside a published schedule, docs/rota.md §11.1) waits `pending` for a
 * manager's decision, unless a manager files it with `approve: true`: then it is `approved` at once and its
 * owner is told, in the same transaction.
 * A person holds at most MAX_OPEN_REQUESTS open ones (pending, or active, not yet past `today`): 409
 * `open_request_limit` beyond.
 */
export async function createRequest(em: EntityManager, input: TCreateRequestRequest & { wardId: number; today: string }, ctx: ServiceContext): Promise<TRotaRequest> {
  const userId = input.userId ?? ctx.actor.id;
  if (userId !== ctx.actor.id && ctx.actor.role !== 'manager') throw new AppError('forbidden');
  if (input.approve && ctx.actor.role !== 'manager') throw new AppError('forbidden');
  return em.transactional(async (tx) => {
    // The person's row lock: their duplicate check and insert run one at a time.
    const user = await tx.findOne(User, { id: userId, ward: input.wardId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw new AppError('user_not_found');
    // Under the person's row lock, so that parallel requests cannot pass the limit together.
    const open = await tx.count(RotaRequest, { user: user.id, status: { $in: ['pending', 'active'] }, endDate: { $gte: input.today } });
    if (open >= MAX_OPEN_REQUESTS) throw new AppError('open_request_limit');
    const shiftType = input.shiftTypeId == null ? null : await findWardShiftType(tx, input.wardId, input.shiftTypeId);
    const leave = input.kind === 'leave';
    const approved = leave && input.approve === true;
    if (!leave) {
      if (await publishedScheduleCovers(tx, input.wardId, input.date)) throw new AppError('schedule_published');
      const duplicate = await tx.count(RotaRequest, { user: user.id, kind: input.kind, date: input.date, shiftType: shiftType?.id ?? null, status: 'active' });
      if (duplicate) throw new AppError('request_duplicate');
    }
    const request = tx.create(RotaRequest, {
      ward: tx.getReference(Ward, input.wardId),
      user,
      kind: input.kind,
      date: input.date,
      endDate: leave ? input.endDate! : input.date,
      shiftType,
      note: input.note || null,
      reason: leave ? (input.reason ?? 'annual') : null,
      status: leave ? (approved ? 'approved' : 'pending') : 'active',
      createdBy: tx.getReference(User, ctx.actor.id),
      ...(approved ? { decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now } : {}),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await tx.flush();
    recordRotaEvent(tx, { type: 'request_created', wardId: input.wardId, objectType: 'request', objectId: request.id, userId: user.id }, ctx);
    if (approved) {
      recordRotaEvent(tx, { type: 'request_approved', wardId: input.wardId, objectType: 'request', objectId: request.id, userId: user.id }, ctx);
      await notify(tx, [{ userId: user.id, kind: 'request_decided', data: { requestId: request.id, status: 'approved' } }], ctx.now);
    }
    await tx.flush();
    return requestView(request);
  });
}

