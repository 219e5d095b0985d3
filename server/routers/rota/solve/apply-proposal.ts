import { ZApplyRepairRequest, ZApplyRepairResponse } from '../../../../shared/schemas/rota/solve.js';
import { applyRepair } from '../../../services/rota/solve/apply-repair.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { serviceContextWithConfig } from '../service-context.js';

export const applyProposal = managerProcedure
  .use(withSelectedWard)
  .meta({
    errors: ['schedule_not_found', 'job_not_found', 'proposal_not_available', 'version_conflict', 'solve_in_progress', 'schedule_past'],
    openapi: {
      method: 'POST',
      path: '/api/rota/schedules/{id}/solve/apply',
      tags: ['solve'],
      summary: "Apply a finished repair's proposed changes to the schedule, in one transaction",
    },
  })
  .input(ZApplyRepairRequest)
  .output(ZApplyRepairResponse)
  .mutation(async ({ ctx, input }) => applyRepair(ctx.em, { ...input, wardId: ctx.ward.id }, serviceContextWithConfig(ctx)));
