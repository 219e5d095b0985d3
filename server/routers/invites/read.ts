import { ZReadInviteRequest, ZReadInviteResponse } from '../../../shared/schemas/invites.js';
import { readInvite } from '../../services/invites/read-invite.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { publicServiceContext } from '../../trpc/service-context.js';

export const read = publicProcedure
  .meta({
    errors: ['invite_not_found', 'invite_used', 'invite_expired', 'invite_revoked'],
    openapi: {
      method: 'GET',
      path: '/api/invite/{token}',
      tags: ['invites'],
      summary: "An invitation's ward, role, expiry and inviter",
    },
  })
  .input(ZReadInviteRequest)
  .output(ZReadInviteResponse)
  .query(({ ctx, input }) => readInvite(ctx.em, input, publicServiceContext(ctx)));
