import { ZRevokeInviteRequest, ZRevokeInviteResponse } from '../../../shared/schemas/invites.js';
import { revokeInvite } from '../../services/invites/revoke-invite.js';
import { managerProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

// Works on the invitation's own ward, not the selected one: any ward the caller may use.
export const revoke = managerProcedure
  .meta({
    errors: ['invite_not_found', 'invite_not_revocable'],
    openapi: {
      method: 'DELETE',
      path: '/api/invites/{id}',
      tags: ['invites'],
      summary: 'Revoke an invitation that is still valid',
    },
  })
  .input(ZRevokeInviteRequest)
  .output(ZRevokeInviteResponse)
  .mutation(async ({ ctx, input }) => {
    await revokeInvite(ctx.em, input, serviceContext(ctx));
    return { ok: true };
  });
