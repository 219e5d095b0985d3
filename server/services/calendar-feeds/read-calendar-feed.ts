import { TZDate } from '@date-fns/tz';
import type { EntityManager } from '@mikro-orm/postgresql';
import ical from 'ical-generator';
import { toPlainText } from '../../../shared/schemas/fields.js';
import { icalText } from '../../calendar/ical-text.js';
import { addDays } from '../../calendar/iso-dates.js';
import { vtimezone } from '../../calendar/vtimezone.js';
import { shiftMoments } from '../../calendar/zoned-time.js';
import { AppError } from '../../app-error.js';
import { publishedShifts } from '../rota/views/published-shifts.js';
import { tokenHash } from '../sessions/tokens.js';

/** How far back a feed reaches: a phone keeps what it fetched before, the feed need not carry it for ever. */
export const FEED_HISTORY_DAYS = 92;

interface FeedSettings {
  timezone: string;
  publicUrl: string;
  now: Date;
}

/**
 * The iCalendar (RFC 5545) text behind a feed token: the person's shifts in published schedules, from
 * FEED_HISTORY_DAYS ago on. An unknown or replaced token, or a deactivated account, is 404 `not_found`.
 * Each event's UID is the person and the date, so an edited cell replaces the phone's event; its SEQUENCE
 * is the schedule's version, which every edit raises.
 */
export async function readCalendarFeed(em: EntityManager, input: { token: string }, settings: FeedSettings): Promise<string> {
  const [owner] = await em.execute<{ user_id: number; name: string }[]>(
    `select u.id as user_id, u.name from calendar_feed f join app_user u on u.id = f.user_id where f.token_hash = ? and u.active`,
    [tokenHash(input.token)],
  );
  if (!owner) throw new AppError('not_found');

  const zone = settings.timezone;
  const today = new TZDate(settings.now, zone).toISOString().slice(0, 10);
  const shifts = await publishedShifts(em, { userId: owner.user_id, from: addDays(today, -FEED_HISTORY_DAYS) });
  const host = new URL(settings.publicUrl).hostname;

  const timed = shifts.map((shift) => ({ shift, ...shiftMoments(shift.date, shift.shiftType.startMinute, shift.shiftType.endMinute, zone) }));
  // The zone's rules over the span the events cover (one STANDARD observance for a zone without changes).
  const span = timed.length
    ? { start: new Date(timed[0]!.start.getTime() - 86_400_000), end: new Date(Math.max(...timed.map((t) => t.end.getTime())) + 86_400_000) }
    : { start: settings.now, end: settings.now };
  const calendar = ical({
    prodId: { company: 'nobat', product: 'rota', language: 'FA' },
    // ical-generator writes NAME and X-WR-CALNAME unescaped (it escapes SUMMARY and LOCATION itself).
    name: icalText(`نوبت — ${owner.name}`),
    // No calendar-wide zone, so DTSTAMP stays in UTC; each event names APP_TIMEZONE and this emits its VTIMEZONE.
    timezone: { name: null, generator: (name) => vtimezone(name, span) },
    ttl: 60 * 60,
  });
  const seen = new Map<string, number>();
  for (const { shift, start, end } of timed) {
    // Two cells on one date (schedules of two wards) must still differ in UID.
    const count = (seen.get(shift.date) ?? 0) + 1;
    seen.set(shift.date, count);
    calendar.createEvent({
      id: `shift-${owner.user_id}-${shift.date}${count > 1 ? `-${count}` : ''}@${host}`,
      sequence: shift.scheduleVersion,
      stamp: shift.scheduleUpdatedAt,
      start,
      end,
      timezone: zone,
      summary: toPlainText(`${shift.shiftType.name} (${shift.shiftType.code})`),
      location: toPlainText(shift.ward.name),
    });
  }
  return calendar.toString();
}
