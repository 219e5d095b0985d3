import { beforeEach, describe, expect, it } from '@jest/globals';
import { Contract } from '../server/db/entities/contract.js';
import { User } from '../server/db/entities/user.js';
import { scheduleScoreCounts } from '../server/services/rota/schedules/scored-schedules.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, ROUTES, type RotaPeople } from './support/rota-api.js';
import { insertContract, SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

const weekOf = (week: number) => {
  const start = new Date(Date.UTC(2027, 0, 4 + 7 * week));
  return { startDate: start.toISOString().slice(0, 10), endDate: new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) };
};

describe('scores kept between reads: a list scores only what changed', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;
  let ids: number[];

  beforeEach(async () => {
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
    // Five published weeks in a row, each with a night at its end (which carries into the next week).
    ids = [];
    for (let week = 0; week < 5; week++) {
      const period = weekOf(week);
      ids.push(await scheduleWith(people.manager.client, period, [{ userId: people.employee.id, date: period.endDate, shiftTypeId: night }]));
    }
  });

  const list = async () => {
    const answer = await callRoute(people.employee.client, 'rest', SCHEDULE_ROUTES.listSchedules);
    expect(answer.status).toBe(200);
    return new Map<number, { hard: number; soft: number }>(answer.body.schedules.map((schedule: { id: number; score: { hard: number; soft: number } }) => [schedule.id, schedule.score]));
  };
  const counted = async <T>(work: () => Promise<T>) => {
    const [kept, built] = [scheduleScoreCounts.kept, scheduleScoreCounts.built];
    const value = await work();
    return { value, kept: scheduleScoreCounts.kept - kept, built: scheduleScoreCounts.built - built };
  };

  it('scores nothing again while nothing changed', async () => {
    const first = await list();
    const again = await counted(list);
    expect([again.built, again.kept]).toEqual([0, 5]);
    expect(again.value).toEqual(first);
  });

  it('rescores an edited schedule, and the next one only when its carry-in changed', async () => {
    await list();
    const read = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: ids[2] });
    // A day shift on the third week's Tuesday: its final night, and so the fourth week's carry-in, stay.
    const edit = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, {
      id: ids[2],
      version: read.body.schedule.version,
      set: [{ userId: people.employee.id, date: '2027-01-19', shiftTypeId: day }],
    });
    expect(edit.status).toBe(200);
    const after = await counted(list);
    expect([after.built, after.kept]).toEqual([1, 4]);
    expect(after.value.get(ids[2]!)).toEqual(edit.body.schedule.score);

    // Clearing its final night changes what the fourth week starts from: that one is scored again too, and the fifth,
    // whose carry-in (the fourth week's final night) stays, is not.
    const cleared = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, {
      id: ids[2],
      version: edit.body.schedule.version,
      set: [{ userId: people.employee.id, date: weekOf(2).endDate, shiftTypeId: null }],
    });
    expect(cleared.status).toBe(200);
    const next = await counted(list);
    expect([next.built, next.kept]).toEqual([2, 3]);
    const fresh = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: ids[3] });
    expect(fresh.body.carryIn.find((entry: { userId: number }) => entry.userId === people.employee.id)).toMatchObject({ lastShiftTypeId: null, consecutiveDaysOff: 5 });
  });

  it('scores everything again after any change of the rules, also one written straight to the database', async () => {
    const before = await list();
    // A contract that allows at most 0 assignments: every week of the employee's now breaks it.
    const contract = await insertContract(server, people.wardId, 'None', {
      minAssignments: 0,
      maxAssignments: 0,
      minConsecutiveWorkingDays: 0,
      maxConsecutiveWorkingDays: 62,
      minConsecutiveDaysOff: 0,
      maxConsecutiveDaysOff: 62,
      maxWorkingWeekends: 62,
      completeWeekends: false,
    });
    const profile = await callRoute(people.manager.client, 'rest', ROUTES.setProfile, { userId: people.employee.id, skills: ['nurse'], contractId: contract });
    expect(profile.status).toBe(200);
    const withContract = await counted(list);
    expect(withContract.built).toBe(5);
    for (const id of ids) expect(withContract.value.get(id)).not.toEqual(before.get(id));

    // Straight to the database, past every service: the trigger still raises the ward's revision.
    await server.em().nativeUpdate(Contract, { id: contract }, { maxAssignments: 62 });
    const loosened = await counted(list);
    expect(loosened.built).toBe(5);
    expect(loosened.value).toEqual(before);

    // Renaming someone changes a read's staff, so it counts too; a sign-in's writes do not.
    await server.em().nativeUpdate(User, { id: people.colleague.id }, { name: 'Reza K' });
    const read = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: ids[0] });
    expect(read.body.staff.find((person: { userId: number }) => person.userId === people.colleague.id).name).toBe('Reza K');
  });

  it('sees a new schedule before the first one: its carry-in becomes derived', async () => {
    await list();
    const earlier = await scheduleWith(people.manager.client, weekOf(-1), [{ userId: people.employee.id, date: weekOf(-1).endDate, shiftTypeId: day }]);
    const read = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: ids[0] });
    expect(read.body.carryInDerived).toBe(true);
    expect(read.body.carryIn.find((entry: { userId: number }) => entry.userId === people.employee.id)).toMatchObject({ lastShiftTypeId: day, consecutiveWorkingDays: 1 });
    const after = await counted(list);
    expect(after.value.has(earlier)).toBe(true);
  });
});
