import { ZCalendarFeedTokenRequest } from '../../../shared/schemas/calendar-feed.js';
import { ZTextDocument } from '../../../shared/schemas/rota/views.js';
import { CALENDAR_FEED_PATH } from '../../services/calendar-feeds/feed-url.js';
import { readCalendarFeed } from '../../services/calendar-feeds/read-calendar-feed.js';
import { publicProcedure } from '../../trpc/procedures.js';

// Public: a phone's calendar sends no cookie. The token in the address is the credential.
export const read = publicProcedure
  .meta({
    errors: ['not_found'],
    produces: { contentType: 'text/calendar; charset=utf-8' },
    openapi: {
      method: 'GET',
      path: `${CALENDAR_FEED_PATH}/{token}`,
      tags: ['calendar-feed'],
      summary: "A person's published shifts as an iCalendar (RFC 5545) feed; the address from POST /api/account/calendar-feed",
    },
  })
  .input(ZCalendarFeedTokenRequest)
  .output(ZTextDocument)
  .query(async ({ ctx, input }) =>
    readCalendarFeed(ctx.em, input, { timezone: ctx.services.config.timezone, publicUrl: ctx.services.config.publicUrl, now: ctx.services.clock.now() }),
  );
