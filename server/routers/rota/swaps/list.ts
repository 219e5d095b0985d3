import { ZListSwapsRequest, ZListSwapsResponse } from '../../../../shared/schemas/rota/swaps.js';
import { listSwaps } from '../../../services/rota/swaps/list-swaps.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const list = authedProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/swaps',
      tags: ['swaps'],
      summary: "The ward's swaps (a manager) or those you are a party to, newest first, filtered by status; each open one with its effect",
    },
  })
  .input(ZListSwapsRequest)
  .output(ZListSwapsResponse)
  .query(async ({ ctx, input }) => ({ swaps: await listSwaps(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
