import { ZCreateHolidayRequest, ZHolidayResponse } from '../../../../shared/schemas/rota/holidays.js';
import { addHoliday } from '../../../services/rota/holidays/add-holiday.js';
import { superAdminProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const create = superAdminProcedure
  .use(withSelectedWard)
  .meta({
    openapi: { method: 'POST', path: '/api/rota/holidays', tags: ['holidays'], summary: 'Add a hospital-wide holiday (renames one already on that date)' },
    successStatus: 201,
  })
  .input(ZCreateHolidayRequest)
  .output(ZHolidayResponse)
  .mutation(async ({ ctx, input }) => ({ holiday: await addHoliday(ctx.em, { ...input, hospitalId: ctx.ward.hospital.id }, callerContext(ctx)) }));
