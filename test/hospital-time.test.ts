import { describe, expect, it } from '@jest/globals';
import { dayBoundsIn, isoDateIn, solarHijriDate } from '../server/time/hospital-time.js';

describe("the hospital's time", () => {
  it('gives the calendar date an instant falls on in the zone', () => {
    expect(isoDateIn(new Date('2026-11-22T20:29:59Z'), 'Asia/Tehran')).toBe('2026-11-22');
    expect(isoDateIn(new Date('2026-11-22T20:30:00Z'), 'Asia/Tehran')).toBe('2026-11-23');
    expect(isoDateIn(new Date('2026-11-22T20:30:00Z'), 'UTC')).toBe('2026-11-22');
  });

  it("gives a day's bounds as instants, across an offset change too", () => {
    expect(dayBoundsIn('2026-11-23', 'Asia/Tehran')).toEqual({
      start: new Date('2026-11-22T20:30:00Z'),
      end: new Date('2026-11-23T20:30:00Z'),
    });
    // New York leaves daylight saving time on 1 November 2026: that day lasts 25 hours.
    const { start, end } = dayBoundsIn('2026-11-01', 'America/New_York');
    expect(start).toEqual(new Date('2026-11-01T04:00:00Z'));
    expect(end).toEqual(new Date('2026-11-02T05:00:00Z'));
  });

  it('gives the Solar Hijri date of a Gregorian date', () => {
    expect(solarHijriDate('2026-03-21')).toEqual({ year: 1405, month: 1, day: 1 });
    expect(solarHijriDate('2026-11-23')).toEqual({ year: 1405, month: 9, day: 2 });
  });
});
