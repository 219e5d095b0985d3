import type { EntityManager } from '@mikro-orm/postgresql';
import { RotaEvent } from '../../../db/entities/rota-event.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import { storedUserAgent } from '../../request-client.js';
import type { ServiceContext } from '../../service-context.js';

export type RotaEventType =
  | 'request_created'
  | 'request_approved'
  | 'request_rejected'
  | 'request_cancelled'
  | 'swap_offered'
  | 'swap_accepted'
  | 'swap_declined'
  | 'swap_cancelled'
  | 'swap_approved'
  | 'swap_rejected'
  | 'swap_stale'
  | 'claim_created'
  | 'claim_approved'
  | 'claim_rejected'
  | 'claim_cancelled'
  | 'claim_stale';

export interface RotaEventInput {
  type: RotaEventType;
  wardId: number;
  objectType: 'request' | 'swap' | 'claim';
  objectId: number;
  userId?: number | null;
  note?: string | null;
}

/** Adds an audit record to the unit of work; it is stored with the change it describes. */
export function recordRotaEvent(em: EntityManager, event: RotaEventInput, ctx: ServiceContext): void {
  em.create(RotaEvent, {
    type: event.type,
    ward: em.getReference(Ward, event.wardId),
    objectType: event.objectType,
    objectId: event.objectId,
    user: event.userId ? em.getReference(User, event.userId) : null,
    actor: em.getReference(User, ctx.actor.id),
    note: event.note ?? null,
    ip: ctx.client.ip,
    userAgent: storedUserAgent(ctx.client),
    createdAt: ctx.now,
  });
}
