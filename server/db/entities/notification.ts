import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notifications.js';
import { User } from './user.js';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A message to one account about the rota (docs/rota.md §11.5): written in the transaction of the change it
 * reports, read only by its own account. `data` names the objects concerned by id.
 */
export const Notification = defineEntity({
  name: 'Notification',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    kind: p.enum(NOTIFICATION_KINDS),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
    readAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'notification_user_index', properties: ['user', 'id'] }],
});

export type INotification = InferEntity<typeof Notification>;
