import { ZSessionRevokeRequest, ZSessionRevokeResponse } from '../../../shared/schemas/sessions.js';
import { revokeSession } from '../../services/sessions/revoke-session.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';
import { clearSessionCookie } from '../../trpc/session-cookie.js';

export const revoke = authedProcedure
  .meta({ errors: ['session_not_found'], openapi: { method: 'DELETE', path: '/api/account/sessions/{id}', tags: ['sessions'], summary: 'Revoke one of your sessions' } })
  .input(ZSessionRevokeRequest)
  .output(ZSessionRevokeResponse)
  .mutation(async ({ ctx, input }) => {
    await revokeSession(ctx.em, { sessionId: input.id }, serviceContext(ctx));
    // Ending the current session is a logout: the browser drops the cookie too.
    if (input.id.toLowerCase() === ctx.session.id) clearSessionCookie(ctx);
    return { ok: true };
  });
