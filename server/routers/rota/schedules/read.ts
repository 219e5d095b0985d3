import { ZScheduleDetailResponse, ZScheduleIdRequest } from '../../../../shared/schemas/rota/schedules.js';
import { readSchedule } from '../../../services/rota/schedules/read-schedule.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { outputValidatedOnce } from '../../../trpc/validated-output.js';
import { callerContext } from '../service-context.js';

// Staff may read a published schedule; a draft is 404 to them. The answer is kept and validated once (readSchedule).
export const read = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found'],
    openapi: { method: 'GET', path: '/api/rota/schedules/{id}', tags: ['schedules'], summary: 'A schedule with its staff, shift types, cells and carry-in' },
  })
  .input(ZScheduleIdRequest)
  .output(outputValidatedOnce(ZScheduleDetailResponse))
  .query(async ({ ctx, input }) => readSchedule(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
