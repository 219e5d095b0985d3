import { beforeEach, describe, expect, it } from '@jest/globals';
import { User } from '../server/db/entities/user.js';
import { Ward } from '../server/db/entities/ward.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, FACES, setUpRotaPeople, type Face, type RotaPeople } from './support/rota-api.js';
import { insertProfile, WEEK } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { createShiftType, scheduleWith, VIEW_ROUTES as V } from './support/views-api.js';

describe.each(FACES)('my shifts (%s)', (face: Face) => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;

  beforeEach(async () => {
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
  });

  const mine = (client = people.employee.client, query: Record<string, unknown> = { from: '2027-01-01', to: '2027-01-31' }) => callRoute(client, face, V.myShifts, query);

  it('lists the caller\'s published shifts timed in Asia/Tehran: a night shift ends the next morning', async () => {
    await scheduleWith(people.manager.client, WEEK, [
      { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
      { userId: people.employee.id, date: '2027-01-04', shiftTypeId: day },
      { userId: people.colleague.id, date: '2027-01-04', shiftTypeId: night },
    ]);
    const answer = await mine();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      shifts: [
        { date: '2027-01-04', ward: { id: people.wardId, name: 'ICU' }, shiftType: { code: 'D', name: 'Day' }, startsAt: '2027-01-04T07:00:00+03:30', endsAt: '2027-01-04T15:00:00+03:30' },
        { date: '2027-01-05', ward: { id: people.wardId, name: 'ICU' }, shiftType: { code: 'N', name: 'Night' }, startsAt: '2027-01-05T23:00:00+03:30', endsAt: '2027-01-06T07:00:00+03:30' },
      ],
    });
  });

  it('leaves out drafts, and days outside from..to', async () => {
    await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: day }], false);
    await scheduleWith(people.manager.client, { startDate: '2027-01-11', endDate: '2027-01-17' }, [
      { userId: people.employee.id, date: '2027-01-11', shiftTypeId: day },
      { userId: people.employee.id, date: '2027-01-17', shiftTypeId: day },
    ]);
    expect((await mine()).body.shifts.map((shift: { date: string }) => shift.date)).toEqual(['2027-01-11', '2027-01-17']);
    expect((await mine(people.employee.client, { from: '2027-01-12', to: '2027-01-17' })).body.shifts.map((shift: { date: string }) => shift.date)).toEqual(['2027-01-17']);
    expect((await mine(people.employee.client, { from: '2027-01-05', to: '2027-01-05' })).body).toEqual({ shifts: [] });
  });

  it('includes published shifts of a ward the caller has since left, with that ward named', async () => {
    await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-06', shiftTypeId: day }]);
    // The employee moves to the other ward and is rostered there.
    await server.em().nativeUpdate(User, { id: people.employee.id }, { ward: server.em().getReference(Ward, people.otherWardId) });
    const otherDay = await createShiftType(people.otherManager.client, { code: 'M', name: 'Morning', start: '06:30', end: '14:30' });
    await scheduleWith(people.otherManager.client, { startDate: '2027-01-11', endDate: '2027-01-17' }, [{ userId: people.employee.id, date: '2027-01-12', shiftTypeId: otherDay }]);

    const answer = await mine();
    expect(answer.body.shifts.map((shift: { date: string; ward: { name: string }; shiftType: { code: string } }) => [shift.date, shift.ward.name, shift.shiftType.code])).toEqual([
      ['2027-01-06', 'ICU', 'D'],
      ['2027-01-12', 'Surgery', 'M'],
    ]);
    // Nobody else's shifts: the colleague has none, the other ward's employee none.
    expect((await mine(people.colleague.client)).body).toEqual({ shifts: [] });
    expect((await mine(people.otherEmployee.client)).body).toEqual({ shifts: [] });
  });

  it('accepts 92 days, both ends included, and refuses 93, an end before the start, or a missing or impossible date with 400 invalid_input', async () => {
    expect((await mine(people.employee.client, { from: '2027-01-01', to: '2027-04-02' })).status).toBe(200);
    for (const query of [
      { from: '2027-01-01', to: '2027-04-03' },
      { from: '2027-01-10', to: '2027-01-09' },
      { from: '2027-01-01' },
      { to: '2027-01-01' },
      { from: '2027-02-30', to: '2027-03-01' },
    ]) {
      const answer = await mine(people.employee.client, query);
      expect({ query, status: answer.status, code: answer.code }).toEqual({ query, status: 400, code: 'invalid_input' });
    }
  });

  it('answers 401 unauthenticated without a session', async () => {
    const answer = await mine(server.client());
    expect(answer.status).toBe(401);
    expect(answer.code).toBe('unauthenticated');
  });
});

describe('my shifts in a zone with daylight saving time', () => {
  // Offsets come from the zone's rules, not a constant: Berlin moves from +01:00 to +02:00 in the night of 2027-03-28.
  const { server, installation } = useFreshInstallation({ env: { APP_TIMEZONE: 'Europe/Berlin' } });

  it('gives a night shift across the change its two offsets', async () => {
    const people = await setUpRotaPeople(server, installation);
    const night = await createShiftType(people.manager.client, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
    await insertProfile(server, people.employee.id, ['nurse']);
    await scheduleWith(people.manager.client, { startDate: '2027-03-22', endDate: '2027-03-28' }, [{ userId: people.employee.id, date: '2027-03-27', shiftTypeId: night }]);
    const answer = await callRoute(people.employee.client, 'rest', V.myShifts, { from: '2027-03-27', to: '2027-03-27' });
    expect(answer.body.shifts).toEqual([expect.objectContaining({ startsAt: '2027-03-27T23:00:00+01:00', endsAt: '2027-03-28T07:00:00+02:00' })]);
  });
});
