import { ZSolveJobResponse, ZStartSolveRequest } from '../../../../shared/schemas/rota/solve.js';
import { startSolve } from '../../../services/rota/solve/start-solve.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const start = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'solve_in_progress', 'schedule_published', 'schedule_past', 'invalid_input'],
    openapi: {
      method: 'POST',
      path: '/api/rota/schedules/{id}/solve',
      tags: ['solve'],
      summary: 'Generate the schedule automatically in the background (202), or propose a repair of a published one: one solve per schedule at a time',
    },
    successStatus: 202,
  })
  .input(ZStartSolveRequest)
  .output(ZSolveJobResponse)
  .mutation(async ({ ctx, input }) => ({ job: await startSolve(ctx.em, { ...input, wardId: ctx.ward.id }, serviceContextWithConfig(ctx), ctx.services.jobs) }));
