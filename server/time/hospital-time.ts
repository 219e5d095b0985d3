// Time as the hospital lives it, in APP_TIMEZONE: what day it is, and (for the rota) a day's bounds.

// Building a formatter (ICU time-zone data) costs about 0.2 ms, a hundred times what formatting
// with one costs, and was the largest single cost of GET /api/me (BENCHMARKS.md): keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function isoDateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date (`YYYY-MM-DD`) that `now` falls on in `timeZone`. */
export function isoDateIn(now: Date, timeZone: string): string {
  return isoDateFormatter(timeZone).format(now);
}

const DAY_MS = 24 * 3600 * 1000;

/** The offset of `timeZone` from UTC at `instant`, in milliseconds (Tehran: +3:30). */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock midnight of `isoDate` happens in `timeZone`. */
function midnightIn(isoDate: string, timeZone: string): Date {
  const wall = Date.parse(`${isoDate}T00:00:00Z`);
  // Twice: the first guess may fall on the other side of an offset change.
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The day `isoDate` in `timeZone` as instants: from its midnight (inclusive) to the next one (exclusive). */
export function dayBoundsIn(isoDate: string, timeZone: string): { start: Date; end: Date } {
  const next = new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { start: midnightIn(isoDate, timeZone), end: midnightIn(next, timeZone) };
}

const persian = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });

/** The Solar Hijri (Persian calendar) year, month (1 = Farvardin) and day of a Gregorian `isoDate`. */
export function solarHijriDate(isoDate: string): { year: number; month: number; day: number } {
  const parts = persian.formatToParts(new Date(`${isoDate}T12:00:00Z`));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}
