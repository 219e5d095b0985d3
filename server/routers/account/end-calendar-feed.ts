import { ZCalendarFeedRequest } from '../../../shared/schemas/calendar-feed.js';
import { ZOk } from '../../../shared/schemas/fields.js';
import { endCalendarFeed as endFeed } from '../../services/calendar-feeds/end-calendar-feed.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { callerContext } from '../rota/service-context.js';

export const endCalendarFeed = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/api/account/calendar-feed', tags: ['account'], summary: 'End your private iCalendar address' },
  })
  .input(ZCalendarFeedRequest)
  .output(ZOk)
  .mutation(async ({ ctx }) => endFeed(ctx.em, callerContext(ctx)));
