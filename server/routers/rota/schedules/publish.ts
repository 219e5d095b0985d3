import { ZPublishScheduleRequest, ZScheduleResponse } from '../../../../shared/schemas/rota/schedules.js';
import { publishSchedule } from '../../../services/rota/schedules/publish-schedule.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const publish = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'schedule_infeasible', 'solve_in_progress'],
    openapi: {
      method: 'POST',
      path: '/api/rota/schedules/{id}/publish',
      tags: ['schedules'],
      summary: 'Publish to the staff; refused while hard rules are broken unless acceptViolations',
    },
  })
  .input(ZPublishScheduleRequest)
  .output(ZScheduleResponse)
  .mutation(async ({ ctx, input }) => ({ schedule: await publishSchedule(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
