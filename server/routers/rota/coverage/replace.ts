import { ZCoverageResponse, ZReplaceCoverageRequest } from '../../../../shared/schemas/rota/coverage.js';
import { replaceCoverage } from '../../../services/rota/coverage/replace-coverage.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const replace = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['shift_type_not_found'],
    openapi: {
      method: 'PUT',
      path: '/api/rota/coverage',
      tags: ['coverage'],
      summary: "Replace the selected ward's whole coverage table (at most 5,000 rows; bodies up to 1 MiB)",
    },
    largeBody: true,
  })
  .input(ZReplaceCoverageRequest)
  .output(ZCoverageResponse)
  .mutation(async ({ ctx, input }) => ({ coverage: await replaceCoverage(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)) }));
