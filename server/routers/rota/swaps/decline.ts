import { ZSwapIdRequest, ZSwapResponse } from '../../../../shared/schemas/rota/swaps.js';
import { respondSwap } from '../../../services/rota/swaps/respond-swap.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const decline = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['swap_not_found', 'forbidden', 'swap_not_pending'],
    openapi: { method: 'POST', path: '/api/rota/swaps/{id}/decline', tags: ['swaps'], summary: 'The person asked declines the offer' },
  })
  .input(ZSwapIdRequest)
  .output(ZSwapResponse)
  .mutation(async ({ ctx, input }) => ({ swap: await respondSwap(ctx.em, { ...input, wardId: ctx.ward.id, response: 'decline' }, serviceContextWithConfig(ctx)) }));
