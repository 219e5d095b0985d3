import { ZReadNotificationsRequest, ZReadNotificationsResponse } from '../../../shared/schemas/notifications.js';
import { readNotifications as readService } from '../../services/notifications/read-notifications.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { callerContext } from '../rota/service-context.js';

export const readNotifications = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/api/account/notifications/read', tags: ['account'], summary: 'Mark your notifications read: ids, or all: true' },
  })
  .input(ZReadNotificationsRequest)
  .output(ZReadNotificationsResponse)
  .mutation(async ({ ctx, input }) => ({ read: await readService(ctx.em, input, callerContext(ctx)) }));
