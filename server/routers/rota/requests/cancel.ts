import { ZCancelRequestRequest, ZRequestResponse } from '../../../../shared/schemas/rota/requests.js';
import { cancelRequest } from '../../../services/rota/requests/cancel-request.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

// The owner, or a manager of the ward.
export const cancel = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['request_not_found', 'request_not_pending', 'schedule_published'],
    openapi: {
      method: 'POST',
      path: '/api/rota/requests/{id}/cancel',
      tags: ['requests'],
      summary: 'Cancel an active preference, or a pending or approved leave',
    },
  })
  .input(ZCancelRequestRequest)
  .output(ZRequestResponse)
  .mutation(async ({ ctx, input }) => ({ request: await cancelRequest(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
