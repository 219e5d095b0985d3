import { ZClaimIdRequest, ZClaimResponse } from '../../../../shared/schemas/rota/open-shifts.js';
import { decideClaim } from '../../../services/rota/open-shifts/decide-claim.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const cancelClaim = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['claim_not_found', 'claim_not_pending', 'forbidden'],
    openapi: { method: 'POST', path: '/api/rota/open-shifts/claims/{id}/cancel', tags: ['open-shifts'], summary: 'Withdraw your pending claim' },
  })
  .input(ZClaimIdRequest)
  .output(ZClaimResponse)
  .mutation(async ({ ctx, input }) => ({ claim: await decideClaim(ctx.em, { id: input.id, wardId: ctx.ward.id, decision: 'cancelled' }, serviceContextWithConfig(ctx)) }));
