import { ZAcceptInviteRequest } from '../../../shared/schemas/invites.js';
import { ZUserEnvelope } from '../../../shared/schemas/user.js';
import { acceptInvite } from '../../services/invites/accept-invite.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { sessionStartContext } from '../../trpc/service-context.js';
import { answerNewSession } from '../../trpc/sign-in.js';

export const accept = publicProcedure
  .meta({
    errors: ['invite_not_found', 'invite_used', 'invite_expired', 'invite_revoked', 'username_taken'],
    openapi: {
      method: 'POST',
      path: '/api/invite/{token}/accept',
      tags: ['invites'],
      summary: 'Accept an invitation: create the account and sign it in',
    },
    successStatus: 201,
  })
  .input(ZAcceptInviteRequest)
  .output(ZUserEnvelope)
  .mutation(async ({ ctx, input }) => answerNewSession(ctx, await acceptInvite(ctx.em, input, sessionStartContext(ctx))));
