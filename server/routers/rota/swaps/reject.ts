import { ZRejectSwapRequest, ZSwapResponse } from '../../../../shared/schemas/rota/swaps.js';
import { decideSwap } from '../../../services/rota/swaps/decide-swap.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const reject = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['swap_not_found', 'swap_not_pending'],
    openapi: { method: 'POST', path: '/api/rota/swaps/{id}/reject', tags: ['swaps'], summary: 'Reject an accepted swap' },
  })
  .input(ZRejectSwapRequest)
  .output(ZSwapResponse)
  .mutation(async ({ ctx, input }) => ({
    swap: await decideSwap(ctx.em, { id: input.id, note: input.note, wardId: ctx.ward.id, decision: 'rejected' }, serviceContextWithConfig(ctx)),
  }));
