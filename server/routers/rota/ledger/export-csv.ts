import { ZLedgerRequest } from '../../../../shared/schemas/rota/ledger.js';
import { ZTextDocument } from '../../../../shared/schemas/rota/views.js';
import { exportLedgerCsv } from '../../../services/rota/ledger/export-ledger-csv.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';

export const exportCsv = managerProcedure
  .use(withSelectedWard)
  .meta({
    produces: { contentType: 'text/csv; charset=utf-8; header=present', headers: { 'Content-Disposition': 'attachment; filename="ledger.csv"' } },
    openapi: {
      method: 'GET',
      path: '/api/rota/ledger.csv',
      tags: ['ledger'],
      summary: 'The ledger as CSV: one row per person with their figures and deviations, UTF-8 with BOM',
    },
  })
  .input(ZLedgerRequest)
  .output(ZTextDocument)
  .query(async ({ ctx, input }) => exportLedgerCsv(ctx.em, { ...input, wardId: ctx.ward.id }));
