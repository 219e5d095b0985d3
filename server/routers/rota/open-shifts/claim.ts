import { ZClaimResponse, ZCreateClaimRequest } from '../../../../shared/schemas/rota/open-shifts.js';
import { createClaim } from '../../../services/rota/open-shifts/create-claim.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const claim = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['invalid_claim', 'shift_not_open'],
    successStatus: 201,
    openapi: { method: 'POST', path: '/api/rota/open-shifts/claims', tags: ['open-shifts'], summary: 'Volunteer for an open shift from today on; a manager decides' },
  })
  .input(ZCreateClaimRequest)
  .output(ZClaimResponse)
  .mutation(async ({ ctx, input }) => ({ claim: await createClaim(ctx.em, { ...input, wardId: ctx.ward.id }, serviceContextWithConfig(ctx)) }));
