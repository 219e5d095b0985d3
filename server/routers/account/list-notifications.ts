import { ZListNotificationsRequest, ZListNotificationsResponse } from '../../../shared/schemas/notifications.js';
import { listNotifications as listService } from '../../services/notifications/list-notifications.js';
import { authedProcedure } from '../../trpc/procedures.js';

export const listNotifications = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/account/notifications',
      tags: ['account'],
      summary: 'Your notifications, newest first (at most 200); unread=true for those not yet read',
    },
  })
  .input(ZListNotificationsRequest)
  .output(ZListNotificationsResponse)
  .query(async ({ ctx, input }) => ({ notifications: await listService(ctx.em, { unread: input?.unread === 'true' }, { actor: ctx.user }) }));
