import { ZSetAssignmentsRequest, ZSetAssignmentsResponse } from '../../../../shared/schemas/rota/schedules.js';
import { setAssignments as setAssignmentsService } from '../../../services/rota/schedules/set-assignments.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const setAssignments = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'version_conflict', 'invalid_assignment', 'solve_in_progress'],
    largeBody: true,
    openapi: {
      method: 'PUT',
      path: '/api/rota/schedules/{id}/assignments',
      tags: ['schedules'],
      summary: 'Set or clear cells, all or nothing, on the version read; answers the schedule and its evaluation',
    },
  })
  .input(ZSetAssignmentsRequest)
  .output(ZSetAssignmentsResponse)
  .mutation(async ({ ctx, input }) => setAssignmentsService(ctx.em, { ...input, wardId: ctx.ward.id }, serviceContextWithConfig(ctx)));
