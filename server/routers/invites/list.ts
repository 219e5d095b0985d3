import { ZListInvitesResponse } from '../../../shared/schemas/invites.js';
import { listInvites } from '../../services/invites/list-invites.js';
import { managerProcedure, withSelectedWard } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const list = managerProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'GET',
      path: '/api/invites',
      tags: ['invites'],
      summary: "The selected ward's invitations, newest first",
    },
  })
  .output(ZListInvitesResponse)
  .query(async ({ ctx }) => ({ invites: await listInvites(ctx.em, { wardId: ctx.ward.id }, serviceContext(ctx)) }));
