import { ZContractResponse, ZCreateContractRequest } from '../../../../shared/schemas/rota/contracts.js';
import { createContract } from '../../../services/rota/contracts/create-contract.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const create = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['contract_name_taken'],
    openapi: { method: 'POST', path: '/api/rota/contracts', tags: ['contracts'], summary: 'Add a contract to the selected ward' },
    successStatus: 201,
  })
  .input(ZCreateContractRequest)
  .output(ZContractResponse)
  .mutation(async ({ ctx, input }) => ({ contract: await createContract(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
