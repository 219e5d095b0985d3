import { ZDeleteShiftTypeResponse, ZShiftTypeIdRequest } from '../../../../shared/schemas/rota/shift-types.js';
import { deleteShiftType } from '../../../services/rota/shift-types/delete-shift-type.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const remove = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['shift_type_not_found', 'shift_type_in_use'],
    openapi: {
      method: 'DELETE',
      path: '/api/rota/shift-types/{id}',
      tags: ['shift-types'],
      summary: 'Remove a shift type that no schedule uses (else deactivate it)',
    },
  })
  .input(ZShiftTypeIdRequest)
  .output(ZDeleteShiftTypeResponse)
  .mutation(async ({ ctx, input }) => {
    await deleteShiftType(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx));
    return { ok: true };
  });
