import { ZDeleteScheduleResponse, ZScheduleIdRequest } from '../../../../shared/schemas/rota/schedules.js';
import { deleteSchedule } from '../../../services/rota/schedules/delete-schedule.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const remove = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'schedule_published'],
    openapi: { method: 'DELETE', path: '/api/rota/schedules/{id}', tags: ['schedules'], summary: 'Delete a draft schedule' },
  })
  .input(ZScheduleIdRequest)
  .output(ZDeleteScheduleResponse)
  .mutation(async ({ ctx, input }) => {
    await deleteSchedule(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx));
    return { ok: true };
  });
