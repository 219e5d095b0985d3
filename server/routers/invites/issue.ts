import { ZIssueInviteRequest, ZIssueInviteResponse } from '../../../shared/schemas/invites.js';
import { issueInvite } from '../../services/invites/issue-invite.js';
import { managerProcedure, withSelectedWard } from '../../trpc/procedures.js';

export const issue = managerProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'POST',
      path: '/api/invites',
      tags: ['invites'],
      summary: 'Issue a single-use invitation to the selected ward, or to `wardId`',
    },
    successStatus: 201,
  })
  .input(ZIssueInviteRequest)
  .output(ZIssueInviteResponse)
  .mutation(({ ctx, input }) =>
    issueInvite(ctx.em, ctx.user, input, {
      selectedWard: ctx.ward,
      client: ctx.client,
      now: ctx.services.clock.now(),
      publicUrl: ctx.services.config.publicUrl,
    }),
  );
