import { ZListSchedulesRequest, ZListSchedulesResponse } from '../../../../shared/schemas/rota/schedules.js';
import { listSchedules } from '../../../services/rota/schedules/list-schedules.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

// Staff may read: employees see the published schedules only.
export const list = authedProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/rota/schedules', tags: ['schedules'], summary: "The selected ward's schedules, newest period first, a page at a time" } })
  .input(ZListSchedulesRequest)
  .output(ZListSchedulesResponse)
  .query(async ({ ctx, input }) => listSchedules(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
