import { ZListClaimsRequest, ZListClaimsResponse } from '../../../../shared/schemas/rota/open-shifts.js';
import { listClaims as listClaimsService } from '../../../services/rota/open-shifts/list-claims.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const listClaims = authedProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/open-shifts/claims',
      tags: ['open-shifts'],
      summary: "The ward's claims (a manager) or your own, newest first, filtered by status; each pending one with its effect",
    },
  })
  .input(ZListClaimsRequest)
  .output(ZListClaimsResponse)
  .query(async ({ ctx, input }) => ({ claims: await listClaimsService(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
