import { ZApproveSwapRequest, ZSwapResponse } from '../../../../shared/schemas/rota/swaps.js';
import { decideSwap } from '../../../services/rota/swaps/decide-swap.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const approve = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['swap_not_found', 'swap_not_pending', 'swap_stale', 'swap_infeasible', 'solve_in_progress'],
    openapi: {
      method: 'POST',
      path: '/api/rota/swaps/{id}/approve',
      tags: ['swaps'],
      summary: 'Approve an accepted swap: its cells are exchanged; refused when they changed or hard rules would break (unless acceptViolations)',
    },
  })
  .input(ZApproveSwapRequest)
  .output(ZSwapResponse)
  .mutation(async ({ ctx, input }) => ({
    swap: await decideSwap(ctx.em, { id: input.id, acceptViolations: input.acceptViolations, wardId: ctx.ward.id, decision: 'approved' }, serviceContextWithConfig(ctx)),
  }));
