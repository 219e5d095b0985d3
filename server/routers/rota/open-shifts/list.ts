import { ZListOpenShiftsRequest, ZListOpenShiftsResponse } from '../../../../shared/schemas/rota/open-shifts.js';
import { listOpenShifts } from '../../../services/rota/open-shifts/list-open-shifts.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const list = authedProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/open-shifts',
      tags: ['open-shifts'],
      summary: "Shifts of the ward's published schedules short of their optimal staffing, from and to (at most 92 days; days before today left out)",
    },
  })
  .input(ZListOpenShiftsRequest)
  .output(ZListOpenShiftsResponse)
  .query(async ({ ctx, input }) => ({ openShifts: await listOpenShifts(ctx.em, { ...input, wardId: ctx.ward.id }, serviceContextWithConfig(ctx)) }));
