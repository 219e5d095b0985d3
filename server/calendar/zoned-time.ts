import { TZDate } from '@date-fns/tz';
import { addDays } from './iso-dates.js';

/**
 * A wall-clock minute of a calendar day in `zone`, as a moment. @date-fns/tz reads the zone's offsets from
 * Intl, so a change of the zone's rules (Iran dropped daylight saving in 2022) comes with the runtime's data.
 */
export function zonedMoment(date: string, minuteOfDay: number, zone: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, zone);
}

/** ISO 8601 with the zone's offset and no milliseconds: `2026-11-23T23:00:00+03:30`. */
export function isoWithOffset(moment: TZDate): string {
  return moment.toISOString().replace(/\.\d{3}(?=[+-]\d{2}:\d{2}$|Z$)/, '');
}

/** When a shift of `date` starts and ends; `endMinute <= startMinute` ends on the next day (docs/rota.md §2). */
export function shiftMoments(date: string, startMinute: number, endMinute: number, zone: string): { start: TZDate; end: TZDate } {
  const endDate = endMinute <= startMinute ? addDays(date, 1) : date;
  return { start: zonedMoment(date, startMinute, zone), end: zonedMoment(endDate, endMinute, zone) };
}
