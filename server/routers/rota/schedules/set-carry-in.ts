import { ZSetCarryInRequest, ZSetCarryInResponse } from '../../../../shared/schemas/rota/schedules.js';
import { setCarryIn as setCarryInService } from '../../../services/rota/schedules/set-carry-in.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const setCarryIn = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'version_conflict', 'carry_in_derived', 'user_not_found', 'shift_type_not_found', 'solve_in_progress'],
    openapi: {
      method: 'PUT',
      path: '/api/rota/schedules/{id}/carry-in',
      tags: ['schedules'],
      summary: "How each person's days before the period ended, when no schedule of the ward ends the day before",
    },
  })
  .input(ZSetCarryInRequest)
  .output(ZSetCarryInResponse)
  .mutation(async ({ ctx, input }) => setCarryInService(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
