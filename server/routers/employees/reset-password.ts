import { ZEmployeeActionResponse, ZResetPasswordRequest } from '../../../shared/schemas/employees.js';
import { resetPassword as resetAccountPassword } from '../../services/employees/reset-password.js';
import { managerProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const resetPassword = managerProcedure
  .meta({
    errors: ['user_not_found'],
    openapi: {
      method: 'POST',
      path: '/api/employees/{id}/password-reset',
      tags: ['employees'],
      summary: 'Set a new initial password and end all sessions of an account',
    },
  })
  .input(ZResetPasswordRequest)
  .output(ZEmployeeActionResponse)
  .mutation(async ({ ctx, input }) => {
    await resetAccountPassword(ctx.em, input, serviceContext(ctx));
    return { ok: true };
  });
