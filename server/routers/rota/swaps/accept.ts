import { ZSwapIdRequest, ZSwapResponse } from '../../../../shared/schemas/rota/swaps.js';
import { respondSwap } from '../../../services/rota/swaps/respond-swap.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const accept = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['swap_not_found', 'forbidden', 'swap_not_pending', 'swap_stale', 'swap_infeasible', 'solve_in_progress'],
    openapi: { method: 'POST', path: '/api/rota/swaps/{id}/accept', tags: ['swaps'], summary: 'The person asked accepts; under swapApproval none this makes the exchange' },
  })
  .input(ZSwapIdRequest)
  .output(ZSwapResponse)
  .mutation(async ({ ctx, input }) => ({ swap: await respondSwap(ctx.em, { ...input, wardId: ctx.ward.id, response: 'accept' }, serviceContextWithConfig(ctx)) }));
