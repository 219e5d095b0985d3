import { beforeEach, describe, expect, it } from '@jest/globals';
import { RotaRequest } from '../server/db/entities/rota-request.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { SolveJob } from '../server/db/entities/solve-job.js';
import { User } from '../server/db/entities/user.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, FACES, ROUTES, type RotaPeople } from './support/rota-api.js';
import { SCHEDULE_ROUTES, WEEK } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith, VIEW_ROUTES } from './support/views-api.js';

describe('names, free text, dates and bodies a client may not send', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;

  beforeEach(async () => {
    ({ people } = await setUpDayAndNightWard(server, installation));
  });

  describe('names and free text', () => {
    const UNSAFE = [
      ['a line feed', 'Sara\nBEGIN:VEVENT'],
      ['a carriage return', 'Sara\rX'],
      ['a tab', 'Sara\t=1+1'],
      ['DEL', 'Sara\u007fAhmadi'],
      ['a C1 control', 'Sara\u0085Ahmadi'],
      ['a line separator', 'Sara\u2028Ahmadi'],
      ['a right-to-left override', 'Sara\u202eidamhA'],
      ['a left-to-right isolate', '\u2066Sara'],
    ] as const;

    it.each(UNSAFE)('refuses a new employee whose name holds %s with 400 invalid_input, and creates nobody', async (_, name) => {
      const before = await server.em().count(User, {});
      const answer = await installation.admin.post('/api/employees', { name, username: 'newbie', password: 'initial-pass-1' });
      expect([answer.status, answer.body.code, answer.body.issues?.[0]?.path]).toEqual([400, 'invalid_input', 'name']);
      expect(await server.em().count(User, {})).toBe(before);
    });

    it.each(FACES)('refuses them in shift type names, skills, notes and holiday names (%s), and changes nothing', async (face) => {
      const shiftTypes = await server.em().count(ShiftType, {});
      const shiftType = await callRoute(people.manager.client, face, ROUTES.createShiftType, { code: 'E', name: 'Even\u202eing', start: '15:00', end: '23:00' });
      expect([shiftType.status, shiftType.code]).toEqual([400, 'invalid_input']);
      expect(await server.em().count(ShiftType, {})).toBe(shiftTypes);
      const profile = await callRoute(people.manager.client, face, ROUTES.setProfile, { userId: people.employee.id, skills: ['nu\trse'] });
      expect([profile.status, profile.code]).toEqual([400, 'invalid_input']);
      const request = await callRoute(people.employee.client, face, ROUTES.createRequest, { kind: 'day_off', date: '2027-01-05', note: 'please\r\nEND:VCALENDAR' });
      expect([request.status, request.code]).toEqual([400, 'invalid_input']);
      expect(await server.em().count(RotaRequest, {})).toBe(0);
      const holiday = await callRoute(installation.admin, face, ROUTES.createHoliday, { date: '2027-01-06', name: 'Nowruz\u2067 1406' });
      expect([holiday.status, holiday.code]).toEqual([400, 'invalid_input']);
    });

    it('keeps what Persian text needs: the zero-width non-joiner and the direction marks', async () => {
      const answer = await callRoute(people.manager.client, 'rest', ROUTES.createShiftType, { code: 'E', name: 'عصر\u200cگاه \u200fشیفت', start: '15:00', end: '23:00' });
      expect([answer.status, answer.body.shiftType.name]).toEqual([201, 'عصر\u200cگاه \u200fشیفت']);
    });

    it.each(FACES)('refuses a lone surrogate (%s) with 400 invalid_input rather than store U+FFFD and echo the original', async (face) => {
      const raw = '{"code":"E","name":"Evening \\ud800","start":"15:00","end":"23:00"}';
      const answer =
        face === 'rest'
          ? await people.manager.client.request('POST', '/api/rota/shift-types', { rawBody: raw })
          : await people.manager.client.request('POST', '/trpc/rota.shiftTypes.create', { rawBody: raw });
      expect(answer.status).toBe(400);
      expect(answer.body.code ?? answer.body.error?.data?.code).toBe('invalid_input');
      expect(await server.em().count(ShiftType, { name: { $like: 'Evening%' } })).toBe(0);
    });
  });

  describe('bodies that are not objects', () => {
    it.each(['[]', '[{"timeLimitSeconds":5}]', '"x"', '5', 'null'])('answers 400 invalid_input to a solve whose body is %s, and starts no solve (both faces)', async (body) => {
      const id = await scheduleWith(people.manager.client, WEEK, [], false);
      const rest = await people.manager.client.request('POST', `/api/rota/schedules/${id}/solve`, { rawBody: body });
      // JSON's strict reader refuses a bare value as invalid_json; an array is read, then refused as not an object.
      expect([rest.status, rest.body.code]).toEqual([400, body.startsWith('[') ? 'invalid_input' : 'invalid_json']);
      const trpc = await people.manager.client.request('POST', '/trpc/rota.solve.start', { rawBody: body });
      expect(trpc.status).toBe(400);
      expect(await server.em().count(SolveJob, {})).toBe(0);
    });

    it('answers 400 invalid_input to an array body on REST and tRPC', async () => {
      const id = await scheduleWith(people.manager.client, WEEK, [], false);
      const rest = await people.manager.client.request('POST', `/api/rota/schedules/${id}/solve`, { rawBody: '[]' });
      expect([rest.status, rest.body.code, rest.body.issues]).toEqual([400, 'invalid_input', [{ path: '', message: expect.any(String) }]]);
      const trpc = await people.manager.client.request('POST', '/trpc/rota.solve.start', { rawBody: '[]' });
      expect([trpc.status, trpc.body.error.data.code]).toEqual([400, 'invalid_input']);
      expect(await server.em().count(SolveJob, {})).toBe(0);
    });
  });

  describe('dates', () => {
    const OUT_OF_RANGE = ['0000-01-01', '0099-01-04', '1899-12-31', '2200-01-01', '9999-12-31'];

    it.each(OUT_OF_RANGE)('answers 400 invalid_input, never 500, to %s on the routes employees call', async (date) => {
      for (const face of FACES) {
        const myShifts = await callRoute(people.employee.client, face, VIEW_ROUTES.myShifts, { from: date, to: date });
        expect([face, myShifts.status, myShifts.code]).toEqual([face, 400, 'invalid_input']);
        const request = await callRoute(people.employee.client, face, ROUTES.createRequest, { kind: 'day_off', date });
        expect([face, request.status, request.code]).toEqual([face, 400, 'invalid_input']);
        const list = await callRoute(people.employee.client, face, ROUTES.listRequests, { from: date });
        expect([face, list.status, list.code]).toEqual([face, 400, 'invalid_input']);
        const leave = await callRoute(people.employee.client, face, ROUTES.createRequest, { kind: 'leave', date: '2027-01-04', endDate: date });
        expect([face, leave.status, leave.code]).toEqual([face, 400, 'invalid_input']);
      }
      expect(await server.em().count(RotaRequest, {})).toBe(0);
    });

    it('refuses a schedule outside 1900-2199, by dates or by Solar Hijri month, so that no week spans centuries', async () => {
      for (const period of [
        { startDate: '0099-01-04', endDate: '0099-01-10' },
        { startDate: '1999-12-26', endDate: '0099-12-31' },
        { startDate: '9999-12-25', endDate: '9999-12-31' },
        { jalaliMonth: '0001-01' },
        { jalaliMonth: '1600-01' },
      ]) {
        const answer = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.createSchedule, period);
        expect([period, answer.status, answer.code]).toEqual([period, 400, 'invalid_input']);
      }
      const edges = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.createSchedule, { startDate: '2199-12-25', endDate: '2199-12-31' });
      expect(edges.status).toBe(201);
    });

    it('counts the 92 days of my-shifts in real days', async () => {
      const ok = await callRoute(people.employee.client, 'rest', VIEW_ROUTES.myShifts, { from: '2026-01-01', to: '2026-04-02' });
      expect(ok.status).toBe(200);
      const long = await callRoute(people.employee.client, 'rest', VIEW_ROUTES.myShifts, { from: '2026-01-01', to: '2026-04-03' });
      expect([long.status, long.code]).toEqual([400, 'invalid_input']);
      // Across the ends of the range, still real days (Date.UTC would read 0099 as 1999).
      const edge = await callRoute(people.employee.client, 'rest', VIEW_ROUTES.myShifts, { from: '2199-10-01', to: '2199-12-31' });
      expect(edge.status).toBe(200);
    });

    it('serves a night shift on the last day of the range in the calendar feed', async () => {
      const night = (await server.em().findOneOrFail(ShiftType, { code: 'N' })).id;
      await scheduleWith(people.manager.client, { startDate: '2199-12-25', endDate: '2199-12-31' }, [{ userId: people.employee.id, date: '2199-12-31', shiftTypeId: night }]);
      const shifts = await callRoute(people.employee.client, 'rest', VIEW_ROUTES.myShifts, { from: '2199-12-31', to: '2199-12-31' });
      expect(shifts.status).toBe(200);
      expect(shifts.body.shifts.map((shift: { endsAt: string }) => shift.endsAt.slice(0, 10))).toEqual(['2200-01-01']);
      const feed = await callRoute(people.employee.client, 'rest', VIEW_ROUTES.issueFeed, {});
      const response = await fetch(new URL(new URL(feed.body.url).pathname, server.url));
      expect(response.status).toBe(200);
    });
  });
});
