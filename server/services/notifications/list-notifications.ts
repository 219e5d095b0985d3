import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_NOTIFICATIONS_LISTED, type TNotification } from '../../../shared/schemas/notifications.js';
import { Notification } from '../../db/entities/notification.js';
import type { ServiceContext } from '../service-context.js';

/** The caller's own notifications (docs/rota.md §11.5), newest first, at most 200; `unread` leaves out those read. */
export async function listNotifications(em: EntityManager, input: { unread: boolean }, ctx: Pick<ServiceContext, 'actor'>): Promise<TNotification[]> {
  const rows = await em.find(
    Notification,
    { user: ctx.actor.id, ...(input.unread ? { readAt: null } : {}) },
    { orderBy: { id: 'desc' }, limit: MAX_NOTIFICATIONS_LISTED },
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    data: row.data,
  }));
}
