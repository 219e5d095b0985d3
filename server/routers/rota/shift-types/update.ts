import { ZShiftTypeResponse, ZUpdateShiftTypeRequest } from '../../../../shared/schemas/rota/shift-types.js';
import { updateShiftType } from '../../../services/rota/shift-types/update-shift-type.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const update = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['shift_code_taken', 'shift_type_not_found'],
    openapi: { method: 'PATCH', path: '/api/rota/shift-types/{id}', tags: ['shift-types'], summary: 'Change fields of a shift type' },
  })
  .input(ZUpdateShiftTypeRequest)
  .output(ZShiftTypeResponse)
  .mutation(async ({ ctx, input }) => ({ shiftType: await updateShiftType(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
