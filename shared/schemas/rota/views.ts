import { z } from 'zod';
import { ZIsoDate } from './common.js';

/** The longest range `my-shifts` answers for, both ends included (docs/rota.md §9). */
export const MY_SHIFTS_MAX_DAYS = 92;

// Real days: `Date.parse` reads every year as written (`Date.UTC` would read 0099 as 1999).
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export const ZMyShiftsRequest = z
  .object({ from: ZIsoDate, to: ZIsoDate })
  .refine(({ from, to }) => to >= from, { message: 'Must not be before from.', path: ['to'] })
  .refine(({ from, to }) => dayNumber(to) - dayNumber(from) + 1 <= MY_SHIFTS_MAX_DAYS, {
    message: `At most ${MY_SHIFTS_MAX_DAYS} days, both ends included.`,
    path: ['to'],
  });
export type TMyShiftsRequest = z.infer<typeof ZMyShiftsRequest>;

/** A moment as ISO 8601 with the offset of APP_TIMEZONE, such as `2026-11-23T23:00:00+03:30`. */
const ZZonedDateTime = z.string().meta({ description: 'ISO 8601 with the offset of APP_TIMEZONE.', example: '2026-11-23T23:00:00+03:30' });

export const ZMyShift = z.object({
  date: z.string().meta({ description: 'The day the shift belongs to (it starts on it).' }),
  ward: z.object({ id: z.number().int(), name: z.string() }),
  shiftType: z.object({ code: z.string(), name: z.string() }),
  startsAt: ZZonedDateTime,
  endsAt: ZZonedDateTime.meta({ description: 'ISO 8601 with the offset of APP_TIMEZONE; on the next day for a shift that ends after midnight.' }),
});
export type TMyShift = z.infer<typeof ZMyShift>;

export const ZMyShiftsResponse = z.object({ shifts: z.array(ZMyShift) });
export type TMyShiftsResponse = z.infer<typeof ZMyShiftsResponse>;

/** The body of a route that answers a document rather than JSON (CSV, HTML, iCalendar); JSON-quoted on tRPC. */
export const ZTextDocument = z.string();
