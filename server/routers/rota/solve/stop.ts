import { ZSolveScheduleRequest, ZStopSolveResponse } from '../../../../shared/schemas/rota/solve.js';
import { stopSolve } from '../../../services/rota/solve/stop-solve.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const stop = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'job_not_found'],
    openapi: {
      method: 'DELETE',
      path: '/api/rota/schedules/{id}/solve',
      tags: ['solve'],
      summary: 'Stop the running solve wherever it runs; the best roster so far is kept',
    },
  })
  .input(ZSolveScheduleRequest)
  .output(ZStopSolveResponse)
  .mutation(async ({ ctx, input }) => {
    await stopSolve(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx));
    return { ok: true };
  });
