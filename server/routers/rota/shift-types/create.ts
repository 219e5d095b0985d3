import { ZCreateShiftTypeRequest, ZShiftTypeResponse } from '../../../../shared/schemas/rota/shift-types.js';
import { createShiftType } from '../../../services/rota/shift-types/create-shift-type.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const create = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['shift_code_taken', 'shift_type_not_found'],
    openapi: { method: 'POST', path: '/api/rota/shift-types', tags: ['shift-types'], summary: 'Add a shift type to the selected ward' },
    successStatus: 201,
  })
  .input(ZCreateShiftTypeRequest)
  .output(ZShiftTypeResponse)
  .mutation(async ({ ctx, input }) => ({ shiftType: await createShiftType(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
