import { ZListHolidaysRequest, ZListHolidaysResponse } from '../../../../shared/schemas/rota/holidays.js';
import { listHolidays } from '../../../services/rota/holidays/list-holidays.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';

// Hospital-wide; staff may read.
export const list = authedProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/rota/holidays', tags: ['holidays'], summary: "The hospital's holidays, within from/to when given" } })
  .input(ZListHolidaysRequest)
  .output(ZListHolidaysResponse)
  .query(async ({ ctx, input }) => ({ holidays: await listHolidays(ctx.em, { ...input, hospitalId: ctx.ward.hospital.id }) }));
