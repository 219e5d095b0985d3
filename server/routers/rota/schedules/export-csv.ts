import { ZScheduleIdRequest } from '../../../../shared/schemas/rota/schedules.js';
import { ZTextDocument } from '../../../../shared/schemas/rota/views.js';
import { exportScheduleCsv } from '../../../services/rota/views/export-schedule-csv.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

// Whoever may read the schedule may export it: staff a published one, a draft is 404 to them.
export const exportCsv = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found'],
    produces: { contentType: 'text/csv; charset=utf-8; header=present', headers: { 'Content-Disposition': 'attachment; filename="roster.csv"' } },
    openapi: {
      method: 'GET',
      path: '/api/rota/schedules/{id}/export.csv',
      tags: ['schedules'],
      summary: 'The schedule as CSV: name and ISO dates as columns, shift codes in cells, UTF-8 with BOM',
    },
  })
  .input(ZScheduleIdRequest)
  .output(ZTextDocument)
  .query(async ({ ctx, input }) => exportScheduleCsv(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
