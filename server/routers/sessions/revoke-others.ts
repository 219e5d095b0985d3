import { ZSessionRevokeOthersRequest, ZSessionRevokeOthersResponse } from '../../../shared/schemas/sessions.js';
import { revokeOtherSessions } from '../../services/sessions/revoke-other-sessions.js';
import { authedProcedure } from '../../trpc/procedures.js';

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
    const revoked = await revokeOtherSessions(
      ctx.em,
      { userId: ctx.user.id, currentSessionId: ctx.session.id, client: ctx.client },
      ctx.services.clock.now(),
    );
    return { ok: true, revoked };
  });
