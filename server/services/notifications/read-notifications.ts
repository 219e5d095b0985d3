import type { EntityManager } from '@mikro-orm/postgresql';
import type { TReadNotificationsRequest } from '../../../shared/schemas/notifications.js';
import { Notification } from '../../db/entities/notification.js';
import type { ServiceContext } from '../service-context.js';

/**
 * Marks the caller's notifications read: those named by `ids`, or `all`. Ids of another account's are passed
 * over as unknown ones are, so nobody learns or touches another's. Answers how many were newly marked.
 */
export async function readNotifications(em: EntityManager, input: TReadNotificationsRequest, ctx: Pick<ServiceContext, 'actor' | 'now'>): Promise<number> {
  return em.nativeUpdate(
    Notification,
    { user: ctx.actor.id, readAt: null, ...(input.all ? {} : { id: { $in: input.ids ?? [] } }) },
    { readAt: ctx.now },
  );
}
