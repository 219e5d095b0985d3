import { beforeEach, describe, expect, it } from '@jest/globals';
import { Contract } from '../server/db/entities/contract.js';
import { User } from '../server/db/entities/user.js';
import { scheduleAnswerCounts, scheduleScoreCounts } from '../server/services/rota/schedules/scored-schedules.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, ROUTES, type RotaPeople } from './support/rota-api.js';
import { insertContract, SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

const weekOf = (week: number) => {
  const start = new Date(Date.UTC(2027, 0, 4 + 7 * week));
  return { startDate: start.toISOString().slice(0, 10), endDate: new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) };
};

/** A contract that allows no assignment at all: any shift of a person under it breaks it. */
function insertNoShiftContract(server: Parameters<typeof insertContract>[0], wardId: number): Promise<number> {
  return insertContract(server, wardId, 'None', {
    minAssignments: 0,
    maxAssignments: 0,
    minConsecutiveWorkingDays: 0,
    maxConsecutiveWorkingDays: 62,
    minConsecutiveDaysOff: 0,
    maxConsecutiveDaysOff: 62,
    maxWorkingWeekends: 62,
    completeWeekends: false,
  });
}

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
    const contract = await insertNoShiftContract(server, people.wardId);
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

describe("a schedule's read, kept: made once and answered again until what it shows changes", () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;
  let id: number;

  beforeEach(async () => {
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
    const week = weekOf(0);
    id = await scheduleWith(people.manager.client, week, [{ userId: people.employee.id, date: week.startDate, shiftTypeId: day }], false);
  });

  /** A read through either face, and how many answers it made and found kept. */
  const read = async (client = people.manager.client, face: 'rest' | 'trpc' = 'rest') => {
    const [kept, made] = [scheduleAnswerCounts.kept, scheduleAnswerCounts.made];
    const answer = await callRoute(client, face, SCHEDULE_ROUTES.readSchedule, { id });
    return { ...answer, kept: scheduleAnswerCounts.kept - kept, made: scheduleAnswerCounts.made - made };
  };
  const cellOf = (body: { assignments: { userId: number; date: string; shiftTypeId: number }[] }, date: string) =>
    body.assignments.find((cell) => cell.userId === people.employee.id && cell.date === date)?.shiftTypeId;

  it('answers a second read, through either face, with the answer the first one made', async () => {
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.made).toBe(1);
    for (const face of ['rest', 'trpc'] as const) {
      const again = await read(people.manager.client, face);
      expect([again.made, again.kept]).toEqual([0, 1]);
      expect(again.body).toEqual(first.body);
    }
  });

  it('still decides for each caller whether they may read it: a draft kept for its manager is 404 to staff', async () => {
    expect((await read()).status).toBe(200);
    const refused = await read(people.employee.client);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('schedule_not_found');
  });

  it('makes it anew after an edit and after publication, and then answers staff what it answers the manager', async () => {
    const before = await read();
    const edit = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, {
      id,
      version: before.body.schedule.version,
      set: [{ userId: people.employee.id, date: weekOf(0).startDate, shiftTypeId: night }],
    });
    expect(edit.status).toBe(200);
    const edited = await read();
    expect(edited.made).toBe(1);
    expect(cellOf(edited.body, weekOf(0).startDate)).toBe(night);
    expect(edited.body.schedule.version).toBe(edit.body.schedule.version);

    // Publishing keeps the version: the answer is made again for its status and publication time.
    const published = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.publishSchedule, { id, acceptViolations: true });
    expect(published.status).toBe(200);
    const afterPublication = await read();
    expect(afterPublication.made).toBe(1);
    expect(afterPublication.body.schedule).toMatchObject({ status: 'published', version: edited.body.schedule.version, publishedAt: published.body.schedule.publishedAt });
    expect(afterPublication.body.schedule.publishedAt).not.toBeNull();

    // Nothing in it is the caller's own: the employee is answered the same answer, kept.
    const staffRead = await read(people.employee.client);
    expect([staffRead.status, staffRead.made, staffRead.kept]).toEqual([200, 0, 1]);
    expect(staffRead.body).toEqual(afterPublication.body);
  });

  it("makes it anew after a change of the ward's rules: a shift type renamed, a contract given", async () => {
    const before = await read();
    const renamed = await callRoute(people.manager.client, 'rest', ROUTES.updateShiftType, { id: day, name: 'Morning' });
    expect(renamed.status).toBe(200);
    const afterRename = await read();
    expect(afterRename.made).toBe(1);
    expect(afterRename.body.shiftTypes.find((type: { id: number }) => type.id === day).name).toBe('Morning');
    expect(afterRename.body.assignments).toEqual(before.body.assignments);

    // A contract allowing no shift at all: the employee's one shift breaks it, and the score says so.
    const contract = await insertNoShiftContract(server, people.wardId);
    expect((await callRoute(people.manager.client, 'rest', ROUTES.setProfile, { userId: people.employee.id, skills: ['nurse'], contractId: contract })).status).toBe(200);
    const afterContract = await read();
    expect(afterContract.made).toBe(1);
    expect(afterContract.body.staff.find((person: { userId: number }) => person.userId === people.employee.id).contractId).toBe(contract);
    expect(afterContract.body.schedule.score).not.toEqual(afterRename.body.schedule.score);
    expect(afterContract.body.schedule.score).toEqual((await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.evaluateSchedule, { id })).body.score);
  });
});
