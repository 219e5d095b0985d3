import { ZIssueInviteRequest, ZIssueInviteResponse } from '../../../shared/schemas/invites.js';
import { issueInvite } from '../../services/invites/issue-invite.js';
import { managerProcedure, withSelectedWard } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

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
  .mutation(({ ctx, input }) => issueInvite(ctx.em, { ...input, selectedWard: ctx.ward }, serviceContext(ctx)));
