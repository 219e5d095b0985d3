import { ZSolveJobResponse, ZSolveScheduleRequest } from '../../../../shared/schemas/rota/solve.js';
import { readSolve } from '../../../services/rota/solve/read-solve.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const read = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'job_not_found'],
    openapi: {
      method: 'GET',
      path: '/api/rota/schedules/{id}/solve',
      tags: ['solve'],
      summary: "The schedule's latest solve: status, best score and progress",
    },
  })
  .input(ZSolveScheduleRequest)
  .output(ZSolveJobResponse)
  .query(async ({ ctx, input }) => ({ job: await readSolve(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
