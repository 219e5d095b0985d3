import { ZListContractsResponse } from '../../../../shared/schemas/rota/contracts.js';
import { listContracts } from '../../../services/rota/contracts/list-contracts.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';

// Staff may read: the rules they are rostered under are no secret.
export const list = authedProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/rota/contracts', tags: ['contracts'], summary: "The selected ward's contracts" } })
  .output(ZListContractsResponse)
  .query(async ({ ctx }) => ({ contracts: await listContracts(ctx.em, { wardId: ctx.ward.id }) }));
