import { ZSessionRevokeOthersRequest, ZSessionRevokeOthersResponse } from '../../../shared/schemas/sessions.js';
import { revokeOtherSessions } from '../../services/sessions/revoke-other-sessions.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const revokeOthers = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/api/account/sessions/revoke-others',
      tags: ['sessions'],
      summary: 'Revoke every session but the current one',
    },
  })
  .input(ZSessionRevokeOthersRequest)
  .output(ZSessionRevokeOthersResponse)
  .mutation(async ({ ctx }) => {
    const revoked = await revokeOtherSessions(ctx.em, { currentSessionId: ctx.session.id }, serviceContext(ctx));
    return { ok: true, revoked };
  });
