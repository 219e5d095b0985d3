import { ZMyShiftsRequest, ZMyShiftsResponse } from '../../../shared/schemas/rota/views.js';
import { listMyShifts } from '../../services/rota/views/list-my-shifts.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { callerContext } from './service-context.js';

// Not ward-scoped: the caller's own shifts, in whichever ward's published schedule they are.
export const myShifts = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/my-shifts',
      tags: ['my-rota'],
      summary: 'Your shifts in published schedules of any ward, from and to (at most 92 days), timed in APP_TIMEZONE',
    },
  })
  .input(ZMyShiftsRequest)
  .output(ZMyShiftsResponse)
  .query(async ({ ctx, input }) => listMyShifts(ctx.em, { ...input, timezone: ctx.services.config.timezone }, callerContext(ctx)));
