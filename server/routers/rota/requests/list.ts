import { ZListRequestsRequest, ZListRequestsResponse } from '../../../../shared/schemas/rota/requests.js';
import { listRequests } from '../../../services/rota/requests/list-requests.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const list = authedProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/requests',
      tags: ['requests'],
      summary: "The ward's requests (a manager) or the caller's own (an employee), filtered by status, userId and from/to, a page at a time",
    },
  })
  .input(ZListRequestsRequest)
  .output(ZListRequestsResponse)
  .query(async ({ ctx, input }) => listRequests(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
