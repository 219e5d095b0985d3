import { beforeEach, describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { CalendarFeed } from '../server/db/entities/calendar-feed.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { User } from '../server/db/entities/user.js';
import { Ward } from '../server/db/entities/ward.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, FACES, type Face, type RotaPeople } from './support/rota-api.js';
import { SCHEDULE_ROUTES, WEEK } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith, VIEW_ROUTES as V } from './support/views-api.js';

const PUBLIC_URL = 'https://nobat.hospital.test';
const FEED_PREFIX = `${PUBLIC_URL}/api/calendar-feed/`;

interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  location: string;
  zone: string;
  start: string;
  end: string;
}

/** The feed read back by ical.js, an iCalendar parser independent of the library that wrote it. */
function parseFeed(text: string): { zones: string[]; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      zone: event.startDate.zone.tzid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  return { zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))), events };
}

describe('calendar feeds', () => {
  const { server, installation } = useFreshInstallation({ env: { PUBLIC_URL } });
  let people: RotaPeople;
  let day: number;
  let night: number;

  beforeEach(async () => {
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
  });

  const issue = async (client = people.employee.client, face: Face = 'rest') => callRoute(client, face, V.issueFeed, {});
  const feedUrl = async (client = people.employee.client) => {
    const answer = await issue(client);
    expect(answer.status).toBe(201);
    return answer.body.url as string;
  };
  /** A calendar program's GET: no cookie, the address only. */
  const read = async (url: string) => {
    expect(url.startsWith(FEED_PREFIX)).toBe(true);
    const path = url.slice(PUBLIC_URL.length);
    const response = await fetch(new URL(path, server.url));
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it.each(FACES)('issues a private address (%s): 201 { url } on REST, a token of 256 bits of which only the SHA-256 is stored', async (face) => {
    const answer = await issue(people.employee.client, face);
    expect(answer.status).toBe(face === 'rest' ? 201 : 200);
    expect(Object.keys(answer.body)).toEqual(['url']);
    const token = (answer.body.url as string).slice(FEED_PREFIX.length);
    expect(answer.body.url.startsWith(FEED_PREFIX)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await server.em().find(CalendarFeed, {});
    expect(rows.map((row) => [row.user.id, row.tokenHash])).toEqual([[people.employee.id, createHash('sha256').update(token).digest('hex')]]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('serves published shifts without a cookie as text/calendar, in Asia/Tehran with its VTIMEZONE, a night shift ending the next morning', async () => {
    await scheduleWith(people.manager.client, WEEK, [
      { userId: people.employee.id, date: '2027-01-04', shiftTypeId: day },
      { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
      { userId: people.colleague.id, date: '2027-01-05', shiftTypeId: day },
    ]);
    const feed = await read(await feedUrl());
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar; charset=utf-8/);
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed.text).toContain('DTSTART;TZID=Asia/Tehran:20270105T230000');

    const { zones, events } = parseFeed(feed.text);
    expect(zones).toEqual(['Asia/Tehran']);
    expect(events).toEqual([
      { uid: `shift-${people.employee.id}-2027-01-04@nobat.hospital.test`, sequence: expect.any(Number), summary: 'Day (D)', location: 'ICU', zone: 'Asia/Tehran', start: '2027-01-04T03:30:00.000Z', end: '2027-01-04T11:30:00.000Z' },
      { uid: `shift-${people.employee.id}-2027-01-05@nobat.hospital.test`, sequence: expect.any(Number), summary: 'Night (N)', location: 'ICU', zone: 'Asia/Tehran', start: '2027-01-05T19:30:00.000Z', end: '2027-01-06T03:30:00.000Z' },
    ]);
  });

  it('escapes every text it writes: line breaks stored in a name, a ward or a shift type start no property and no event of their own', async () => {
    // Names stored before such characters were refused (the API refuses them now), so only the output's escaping is tested.
    const em = server.em();
    await em.nativeUpdate(User, { id: people.employee.id }, { name: 'Sara\r\nBEGIN:VEVENT\r\nUID:x@evil\r\nDTSTART:20270106T190000Z\r\nDTEND:20270107T030000Z\r\nSUMMARY:Night\r\nEND:VEVENT\r\nX-A:; b,\\' });
    await em.nativeUpdate(ShiftType, { id: day }, { name: 'Day\r\nEND:VCALENDAR' });
    await em.nativeUpdate(Ward, { id: people.wardId }, { name: 'ICU\nLOCATION:elsewhere' });
    await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-04', shiftTypeId: day }]);
    const feed = await read(await feedUrl());
    expect(feed.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    // ical.js reads NAME and X-WR-CALNAME as they stand (it does not type them TEXT): the escapes of RFC 5545 show.
    expect(calendar.getFirstPropertyValue('name')).toBe('نوبت — Sara  BEGIN:VEVENT  UID:x@evil  DTSTART:20270106T190000Z  DTEND:20270107T030000Z  SUMMARY:Night  END:VEVENT  X-A:\\; b\\,\\\\');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(calendar.getFirstPropertyValue('name'));
    const { events } = parseFeed(feed.text);
    expect(events.map((event) => [event.uid, event.summary, event.location])).toEqual([
      [`shift-${people.employee.id}-2027-01-04@nobat.hospital.test`, 'Day  END:VCALENDAR (D)', 'ICU LOCATION:elsewhere'],
    ]);
    // Every line of the feed is a property of ours: none begins with what a name held.
    expect(feed.text.split('\r\n').filter((line) => /^(BEGIN:VEVENT|UID:x|SUMMARY:Night|LOCATION:else|END:VCALENDAR)/.test(line))).toEqual(['BEGIN:VEVENT', 'END:VCALENDAR']);
  });

  it('never shows a draft; a changed shift keeps its UID with a higher SEQUENCE, so the phone updates its event', async () => {
    const draft = await scheduleWith(people.manager.client, { startDate: '2027-01-11', endDate: '2027-01-17' }, [{ userId: people.employee.id, date: '2027-01-12', shiftTypeId: day }], false);
    const published = await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-06', shiftTypeId: day }]);
    const url = await feedUrl();
    const before = parseFeed((await read(url)).text).events;
    expect(before.map((event) => event.summary)).toEqual(['Day (D)']);
    expect(draft).toBeGreaterThan(0);

    const { version } = (await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: published })).body.schedule;
    const edit = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, { id: published, version, set: [{ userId: people.employee.id, date: '2027-01-06', shiftTypeId: night }] });
    expect(edit.status).toBe(200);
    const after = parseFeed((await read(url)).text).events;
    expect(after).toHaveLength(1);
    expect(after[0]!.uid).toBe(before[0]!.uid);
    expect(after[0]!.summary).toBe('Night (N)');
    expect(after[0]!.sequence).toBeGreaterThan(before[0]!.sequence);
  });

  it('replaces the address on a new call: the old one answers 404 not_found in the Error shape from then on', async () => {
    const first = await feedUrl();
    const second = await feedUrl();
    expect(second).not.toBe(first);
    const old = await read(first);
    expect(old.status).toBe(404);
    expect(old.type).toMatch(/^application\/json/);
    expect(JSON.parse(old.text)).toEqual({ error: expect.any(String), code: 'not_found' });
    expect((await read(second)).status).toBe(200);
    expect(await server.em().count(CalendarFeed, {})).toBe(1);
  });

  it('leaves exactly one working address after parallel requests for new ones', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => issue()));
    expect(answers.map((answer) => answer.status)).toEqual(new Array(6).fill(201));
    const statuses = await Promise.all(answers.map(async (answer) => (await read(answer.body.url)).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(5);
  });

  it.each(FACES)('ends the address on DELETE (%s): 200 { ok: true }, then 404', async (face) => {
    const url = await feedUrl();
    const ended = await callRoute(people.employee.client, face, V.endFeed);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ok: true });
    expect((await read(url)).status).toBe(404);
    // Another person's address is not touched by it.
    const colleagues = await feedUrl(people.colleague.client);
    await callRoute(people.employee.client, face, V.endFeed);
    expect((await read(colleagues)).status).toBe(200);
  });

  it("answers 404 for a deactivated account's address, and again 200 once it is active", async () => {
    const url = await feedUrl();
    await server.em().nativeUpdate(User, { id: people.employee.id }, { active: false });
    expect((await read(url)).status).toBe(404);
    await server.em().nativeUpdate(User, { id: people.employee.id }, { active: true });
    expect((await read(url)).status).toBe(200);
  });

  it('answers 404 not_found for an unknown token, and keeps every token out of the request log', async () => {
    const url = await feedUrl();
    const unknown = await read(`${FEED_PREFIX}${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text).code).toBe('not_found');
    await read(url);
    const token = url.slice(FEED_PREFIX.length);
    const logs = server.logs.join('\n');
    expect(logs).toContain('/api/calendar-feed/[redacted]');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('A'.repeat(43));
  });

  it('needs a session and a JSON content type to issue or end an address', async () => {
    const anonymous = await callRoute(server.client(), 'rest', V.issueFeed, {});
    expect([anonymous.status, anonymous.code]).toEqual([401, 'unauthenticated']);
    const plain = await people.employee.client.request('POST', '/api/account/calendar-feed', { rawBody: '{}', contentType: 'text/plain' });
    expect([plain.status, plain.body.code]).toEqual([415, 'unsupported_media_type']);
    expect(await server.em().count(CalendarFeed, {})).toBe(0);
  });
});
