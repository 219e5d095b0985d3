import { ZContractResponse, ZUpdateContractRequest } from '../../../../shared/schemas/rota/contracts.js';
import { updateContract } from '../../../services/rota/contracts/update-contract.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const update = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['contract_not_found', 'contract_name_taken'],
    openapi: { method: 'PATCH', path: '/api/rota/contracts/{id}', tags: ['contracts'], summary: 'Change rules of a contract' },
  })
  .input(ZUpdateContractRequest)
  .output(ZContractResponse)
  .mutation(async ({ ctx, input }) => ({ contract: await updateContract(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
