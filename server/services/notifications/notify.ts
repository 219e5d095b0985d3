import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationKind } from '../../db/entities/notification.js';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  data: Record<string, unknown>;
}

/**
 * Writes notifications in the caller's transaction (docs/rota.md §11.5): they commit with the change they
 * report, or not at all. One statement however many there are.
 */
export async function notify(tx: EntityManager, notifications: NewNotification[], now: Date): Promise<void> {
  if (notifications.length === 0) return;
  await tx.execute(
    `insert into notification (user_id, kind, data, created_at)
     select x.user_id, x.kind, x.data, ? from jsonb_to_recordset(?::jsonb) as x(user_id int, kind text, data jsonb)`,
    [now, JSON.stringify(notifications.map((n) => ({ user_id: n.userId, kind: n.kind, data: n.data })))],
  );
}
