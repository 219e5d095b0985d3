import { ZEvaluation, ZScheduleIdRequest } from '../../../../shared/schemas/rota/schedules.js';
import { readScheduleEvaluation } from '../../../services/rota/schedules/read-schedule-evaluation.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const evaluation = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found'],
    openapi: {
      method: 'GET',
      path: '/api/rota/schedules/{id}/evaluation',
      tags: ['schedules'],
      summary: "The schedule's score, its violations and each person's figures",
    },
  })
  .input(ZScheduleIdRequest)
  .output(ZEvaluation)
  .query(async ({ ctx, input }) => readScheduleEvaluation(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
