import { ZCoverageResponse, ZReadCoverageRequest } from '../../../../shared/schemas/rota/coverage.js';
import { readCoverage } from '../../../services/rota/coverage/read-coverage.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';

export const read = managerProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/rota/coverage',
      tags: ['coverage'],
      summary: "The selected ward's coverage table; from/to limit its date rows",
    },
  })
  .input(ZReadCoverageRequest)
  .output(ZCoverageResponse)
  .query(async ({ ctx, input }) => ({ coverage: await readCoverage(ctx.em, { ...input, wardId: ctx.ward.id }) }));
