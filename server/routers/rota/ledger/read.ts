import { ZLedgerRequest, ZLedgerResponse } from '../../../../shared/schemas/rota/ledger.js';
import { readLedger } from '../../../services/rota/ledger/read-ledger.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';

export const read = managerProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/ledger',
      tags: ['ledger'],
      summary: "Each person's figures over the ward's published schedules from and to (at most 366 days), beside their full-time share",
    },
  })
  .input(ZLedgerRequest)
  .output(ZLedgerResponse)
  .query(async ({ ctx, input }) => readLedger(ctx.em, { ...input, wardId: ctx.ward.id }));
