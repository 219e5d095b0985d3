import { isValidJalaaliDate, jalaaliMonthLength, toGregorian } from 'jalaali-js';
import { addDays } from './iso-dates.js';

/** `1405-09` → 1405, 9: a Solar Hijri year and month (1 = Farvardin … 12 = Esfand). */
export function parseJalaliMonth(value: string): { year: number; month: number } {
  const [year, month] = value.split('-').map(Number);
  return { year: year!, month: month! };
}

/** Whether `1405-09` names a month the converter knows (its years span -61 to 3177). */
export function isJalaliMonth(value: string): boolean {
  if (!/^\d{4}-\d{2}$/.test(value)) return false;
  const { year, month } = parseJalaliMonth(value);
  return isValidJalaaliDate(year, month, 1);
}

/** The Gregorian days of a Solar Hijri month, as an inclusive ISO period: 1405-01 is 2026-03-21 to 2026-04-20. */
export function jalaliMonthPeriod(value: string): { startDate: string; endDate: string } {
  const { year, month } = parseJalaliMonth(value);
  const { gy, gm, gd } = toGregorian(year, month, 1);
  const startDate = `${String(gy).padStart(4, '0')}-${String(gm).padStart(2, '0')}-${String(gd).padStart(2, '0')}`;
  return { startDate, endDate: addDays(startDate, jalaaliMonthLength(year, month) - 1) };
}
