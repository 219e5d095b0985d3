import { ZCreateScheduleRequest, ZScheduleResponse } from '../../../../shared/schemas/rota/schedules.js';
import { createSchedule } from '../../../services/rota/schedules/create-schedule.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const create = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_overlap'],
    openapi: {
      method: 'POST',
      path: '/api/rota/schedules',
      tags: ['schedules'],
      summary: 'Start a draft schedule for a period (dates, or a Solar Hijri month) of 7 to 62 days',
    },
    successStatus: 201,
  })
  .input(ZCreateScheduleRequest)
  .output(ZScheduleResponse)
  .mutation(async ({ ctx, input }) => ({ schedule: await createSchedule(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
