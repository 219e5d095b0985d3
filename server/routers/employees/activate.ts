import { ZEmployeeActionResponse, ZEmployeeRequest } from '../../../shared/schemas/employees.js';
import { setAccountActive } from '../../services/employees/set-account-active.js';
import { managerProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const activate = managerProcedure
  .meta({
    errors: ['user_not_found'],
    openapi: { method: 'POST', path: '/api/employees/{id}/activate', tags: ['employees'], summary: 'Make an inactive account active again' },
  })
  .input(ZEmployeeRequest)
  .output(ZEmployeeActionResponse)
  .mutation(async ({ ctx, input }) => {
    await setAccountActive(ctx.em, { id: input.id, active: true }, serviceContext(ctx));
    return { ok: true };
  });
