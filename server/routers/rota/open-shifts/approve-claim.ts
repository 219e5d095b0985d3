import { ZApproveClaimRequest, ZClaimResponse } from '../../../../shared/schemas/rota/open-shifts.js';
import { decideClaim } from '../../../services/rota/open-shifts/decide-claim.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const approveClaim = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['claim_not_found', 'claim_not_pending', 'claim_stale', 'claim_infeasible', 'solve_in_progress'],
    openapi: {
      method: 'POST',
      path: '/api/rota/open-shifts/claims/{id}/approve',
      tags: ['open-shifts'],
      summary: "Approve a pending claim: the claimant's cell is set; refused when it is no longer empty or open, or hard rules would break (unless acceptViolations)",
    },
  })
  .input(ZApproveClaimRequest)
  .output(ZClaimResponse)
  .mutation(async ({ ctx, input }) => ({
    claim: await decideClaim(ctx.em, { id: input.id, acceptViolations: input.acceptViolations, wardId: ctx.ward.id, decision: 'approved' }, serviceContextWithConfig(ctx)),
  }));
