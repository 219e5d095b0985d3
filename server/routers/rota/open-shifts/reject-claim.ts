import { ZClaimResponse, ZRejectClaimRequest } from '../../../../shared/schemas/rota/open-shifts.js';
import { decideClaim } from '../../../services/rota/open-shifts/decide-claim.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const rejectClaim = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['claim_not_found', 'claim_not_pending'],
    openapi: { method: 'POST', path: '/api/rota/open-shifts/claims/{id}/reject', tags: ['open-shifts'], summary: 'Reject a pending claim' },
  })
  .input(ZRejectClaimRequest)
  .output(ZClaimResponse)
  .mutation(async ({ ctx, input }) => ({
    claim: await decideClaim(ctx.em, { id: input.id, note: input.note, wardId: ctx.ward.id, decision: 'rejected' }, serviceContextWithConfig(ctx)),
  }));
