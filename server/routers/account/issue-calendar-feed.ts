import { ZCalendarFeedRequest, ZCalendarFeedResponse } from '../../../shared/schemas/calendar-feed.js';
import { issueCalendarFeed as issueFeed } from '../../services/calendar-feeds/issue-calendar-feed.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { callerContext } from '../rota/service-context.js';

export const issueCalendarFeed = authedProcedure
  .meta({
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/api/account/calendar-feed',
      tags: ['account'],
      summary: 'A new private iCalendar address for your published shifts; any earlier address stops working',
    },
  })
  .input(ZCalendarFeedRequest)
  .output(ZCalendarFeedResponse)
  .mutation(async ({ ctx }) => issueFeed(ctx.em, { publicUrl: ctx.services.config.publicUrl }, callerContext(ctx)));
