import { ZDeleteHolidayRequest, ZDeleteHolidayResponse } from '../../../../shared/schemas/rota/holidays.js';
import { removeHoliday } from '../../../services/rota/holidays/remove-holiday.js';
import { superAdminProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const remove = superAdminProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['not_found'],
    openapi: { method: 'DELETE', path: '/api/rota/holidays/{date}', tags: ['holidays'], summary: 'Remove a hospital-wide holiday' },
  })
  .input(ZDeleteHolidayRequest)
  .output(ZDeleteHolidayResponse)
  .mutation(async ({ ctx, input }) => {
    await removeHoliday(ctx.em, { ...input, hospitalId: ctx.ward.hospital.id }, callerContext(ctx));
    return { ok: true };
  });
