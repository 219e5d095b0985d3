import { describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import { vtimezone } from '../server/calendar/vtimezone.js';

/** Local wall time in `zone` as ical.js reads it through our VTIMEZONE, as a UTC instant. */
function throughVtimezone(zone: string, span: { start: Date; end: Date }, local: string): string {
  const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${vtimezone(zone, span)}BEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;TZID=${zone}:${local}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
  const start = calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart') as ICAL.Time;
  start.zone = timezone;
  return start.toJSDate().toISOString();
}

describe('VTIMEZONE from the runtime zone data', () => {
  it('is one STANDARD observance of +0330 for Asia/Tehran, which has had no daylight saving since 2022', () => {
    const text = vtimezone('Asia/Tehran', { start: new Date('2026-10-01T00:00:00Z'), end: new Date('2027-06-01T00:00:00Z') });
    expect(text).toBe('BEGIN:VTIMEZONE\r\nTZID:Asia/Tehran\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0330\r\nTZOFFSETTO:+0330\r\nTZNAME:+0330\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n');
    expect(throughVtimezone('Asia/Tehran', { start: new Date('2026-10-01T00:00:00Z'), end: new Date('2027-06-01T00:00:00Z') }, '20270105T230000')).toBe('2027-01-05T19:30:00.000Z');
  });

  it("carries a zone's changes inside the span, so that times on both sides convert right (Europe/Berlin, 2027)", () => {
    const span = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-12-31T00:00:00Z') };
    expect(throughVtimezone('Europe/Berlin', span, '20270327T230000')).toBe('2027-03-27T22:00:00.000Z');
    expect(throughVtimezone('Europe/Berlin', span, '20270328T070000')).toBe('2027-03-28T05:00:00.000Z');
    expect(throughVtimezone('Europe/Berlin', span, '20271101T070000')).toBe('2027-11-01T06:00:00.000Z');
  });
});
