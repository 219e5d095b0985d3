import { ZOfferSwapRequest, ZSwapResponse } from '../../../../shared/schemas/rota/swaps.js';
import { offerSwap } from '../../../services/rota/swaps/offer-swap.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const offer = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['invalid_swap', 'user_not_found', 'swap_conflict'],
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/rota/swaps',
      tags: ['swaps'],
      summary: 'Offer to exchange your cells with a colleague on date (and theirDate) of a published schedule',
    },
  })
  .input(ZOfferSwapRequest)
  .output(ZSwapResponse)
  .mutation(async ({ ctx, input }) => ({ swap: await offerSwap(ctx.em, { ...input, wardId: ctx.ward.id }, serviceContextWithConfig(ctx)) }));
