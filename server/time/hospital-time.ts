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
