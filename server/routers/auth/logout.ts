import { ZLogoutRequest, ZLogoutResponse } from '../../../shared/schemas/auth.js';
import { logout as signOut } from '../../services/auth/logout.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { publicServiceContext } from '../../trpc/service-context.js';
import { clearSessionCookie } from '../../trpc/session-cookie.js';

export const logout = publicProcedure
  .meta({ openapi: { method: 'POST', path: '/api/auth/logout', tags: ['auth'], summary: 'End the current session' } })
  .input(ZLogoutRequest)
  .output(ZLogoutResponse)
  .mutation(async ({ ctx }) => {
    await signOut(ctx.em, { token: ctx.sessionToken }, publicServiceContext(ctx));
    clearSessionCookie(ctx);
    return { ok: true };
  });
