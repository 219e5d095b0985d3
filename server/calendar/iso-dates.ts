// Calendar days as ISO `YYYY-MM-DD` strings, counted in UTC so that no zone or daylight saving shifts a day.

const DAY_MS = 24 * 60 * 60 * 1000;

// `Date.parse` of the full ISO form reads every year as written; `Date.UTC` would read years 0 to 99 as 1900 to 1999.
function utcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(utcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`: 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday (docs/rota.md's weekday numbering). */
export function weekdayOf(date: string): number {
  return new Date(utcMs(date)).getUTCDay();
}

/** A PostgreSQL `date` as MikroORM hands it over (a string, or a Date at UTC midnight) → `YYYY-MM-DD`. */
export function isoDateOf(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
