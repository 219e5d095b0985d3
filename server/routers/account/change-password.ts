import { ZChangePasswordRequest, ZChangePasswordResponse } from '../../../shared/schemas/account.js';
import { changePassword as changeOwnPassword } from '../../services/accounts/change-password.js';
import { gateExemptProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

// Built on gateExemptProcedure: this is how a pending password change gets done.
export const changePassword = gateExemptProcedure
  .meta({
    errors: ['wrong_password', 'password_unchanged', 'too_many_attempts'],
    openapi: {
      method: 'POST',
      path: '/api/account/password',
      tags: ['account'],
      summary: 'Change your own password; your other sessions end',
    },
  })
  .input(ZChangePasswordRequest)
  .output(ZChangePasswordResponse)
  .mutation(async ({ ctx, input }) => {
    await changeOwnPassword(ctx.em, { ...input, sessionId: ctx.session.id }, serviceContext(ctx));
    return { ok: true };
  });
