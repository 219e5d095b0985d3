import type { EntityManager } from '@mikro-orm/postgresql';
import { RotaEvent } from '../../../db/entities/rota-event.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import { storedUserAgent } from '../../request-client.js';
import type { ServiceContext } from '../../service-context.js';

/** One line of the rota audit about a schedule: who did what to it, when and from where. */
export function recordScheduleEvent(em: EntityManager, input: { type: string; wardId: number; scheduleId: number; note?: string }, ctx: ServiceContext): void {
  em.create(RotaEvent, {
    type: input.type,
    ward: em.getReference(Ward, input.wardId),
    objectType: 'schedule',
    objectId: input.scheduleId,
    user: null,
    actor: em.getReference(User, ctx.actor.id),
    note: input.note ?? null,
    ip: ctx.client.ip,
    userAgent: storedUserAgent(ctx.client),
    createdAt: ctx.now,
  });
}
