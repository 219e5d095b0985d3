import { ZContractIdRequest, ZDeleteContractResponse } from '../../../../shared/schemas/rota/contracts.js';
import { deleteContract } from '../../../services/rota/contracts/delete-contract.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const remove = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['contract_not_found', 'contract_in_use'],
    openapi: { method: 'DELETE', path: '/api/rota/contracts/{id}', tags: ['contracts'], summary: 'Remove a contract no staff profile uses' },
  })
  .input(ZContractIdRequest)
  .output(ZDeleteContractResponse)
  .mutation(async ({ ctx, input }) => {
    await deleteContract(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx));
    return { ok: true };
  });
