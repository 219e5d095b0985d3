import { ZPrintRequest } from '../../../../shared/schemas/rota/ledger.js';
import { ZTextDocument } from '../../../../shared/schemas/rota/views.js';
import { ROSTER_PAGE_CSP } from '../../../render/roster-page.js';
import { printSchedule } from '../../../services/rota/views/print-schedule.js';
import { authedProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const print = authedProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'forbidden'],
    produces: { contentType: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': ROSTER_PAGE_CSP } },
    openapi: {
      method: 'GET',
      path: '/api/rota/schedules/{id}/print',
      tags: ['schedules'],
      summary: "The printed roster: a right-to-left Persian HTML page for A4 landscape, Solar Hijri dates; with ledger=from..to (managers) the ward's ledger follows",
    },
  })
  .input(ZPrintRequest)
  .output(ZTextDocument)
  .query(async ({ ctx, input }) => printSchedule(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
