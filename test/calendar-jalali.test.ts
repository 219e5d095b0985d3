import { describe, expect, it } from '@jest/globals';
import { daysBetween } from '../server/calendar/iso-dates.js';
import { isJalaliMonth, jalaliMonthPeriod } from '../server/calendar/jalali.js';

const length = (month: string) => {
  const { startDate, endDate } = jalaliMonthPeriod(month);
  return daysBetween(startDate, endDate) + 1;
};

describe('Solar Hijri months as Gregorian periods', () => {
  it('gives Farvardin 1405 as 2026-03-21 to 2026-04-20 (31 days)', () => {
    expect(jalaliMonthPeriod('1405-01')).toEqual({ startDate: '2026-03-21', endDate: '2026-04-20' });
    expect(length('1405-01')).toBe(31);
  });

  it('gives the first six months 31 days, the next five 30, and Azar 1405 from 2026-11-22', () => {
    for (let month = 1; month <= 6; month++) expect(length(`1405-${String(month).padStart(2, '0')}`)).toBe(31);
    for (let month = 7; month <= 11; month++) expect(length(`1405-${String(month).padStart(2, '0')}`)).toBe(30);
    expect(jalaliMonthPeriod('1405-07')).toEqual({ startDate: '2026-09-23', endDate: '2026-10-22' });
    expect(jalaliMonthPeriod('1405-09')).toEqual({ startDate: '2026-11-22', endDate: '2026-12-21' });
  });

  it('gives Esfand 30 days in a leap year (1403) and 29 otherwise (1404), ending the day before Nowruz', () => {
    expect(jalaliMonthPeriod('1403-12')).toEqual({ startDate: '2025-02-19', endDate: '2025-03-20' });
    expect(length('1403-12')).toBe(30);
    expect(jalaliMonthPeriod('1404-12')).toEqual({ startDate: '2026-02-20', endDate: '2026-03-20' });
    expect(length('1404-12')).toBe(29);
  });

  it('knows which months exist', () => {
    expect(isJalaliMonth('1405-12')).toBe(true);
    expect(isJalaliMonth('1405-13')).toBe(false);
    expect(isJalaliMonth('1405-00')).toBe(false);
    expect(isJalaliMonth('9999-01')).toBe(false);
  });
});
