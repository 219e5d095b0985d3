import { ZDecideRequestRequest, ZRequestResponse } from '../../../../shared/schemas/rota/requests.js';
import { decideRequest } from '../../../services/rota/requests/decide-request.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const reject = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['request_not_found', 'request_not_pending'],
    openapi: { method: 'POST', path: '/api/rota/requests/{id}/reject', tags: ['requests'], summary: 'Reject a pending leave' },
  })
  .input(ZDecideRequestRequest)
  .output(ZRequestResponse)
  .mutation(async ({ ctx, input }) => ({
    request: await decideRequest(ctx.em, { ...input, wardId: ctx.ward.id, decision: 'rejected' }, callerContext(ctx)),
  }));
