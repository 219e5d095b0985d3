import { z } from 'zod';

export const ZCalendarFeedResponse = z.object({
  url: z.url().meta({ description: 'The private iCalendar address: anyone holding it reads your published shifts.' }),
});
export type TCalendarFeedResponse = z.infer<typeof ZCalendarFeedResponse>;

export const ZCalendarFeedTokenRequest = z.object({ token: z.string().min(1).max(200) });
export type TCalendarFeedTokenRequest = z.infer<typeof ZCalendarFeedTokenRequest>;

/** POST and DELETE /api/account/calendar-feed take an empty body (the JSON content type is still required). */
export const ZCalendarFeedRequest = z.object({}).optional();
