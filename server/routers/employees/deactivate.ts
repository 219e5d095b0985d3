import { ZEmployeeActionResponse, ZEmployeeRequest } from '../../../shared/schemas/employees.js';
import { setAccountActive } from '../../services/employees/set-account-active.js';
import { managerProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const deactivate = managerProcedure
  .meta({
    errors: ['user_not_found'],
    openapi: {
      method: 'POST',
      path: '/api/employees/{id}/deactivate',
      tags: ['employees'],
      summary: 'Make an account inactive and end all its sessions',
    },
  })
  .input(ZEmployeeRequest)
  .output(ZEmployeeActionResponse)
  .mutation(async ({ ctx, input }) => {
    await setAccountActive(ctx.em, { id: input.id, active: false }, serviceContext(ctx));
    return { ok: true };
  });
