import { beforeEach, describe, expect, it } from '@jest/globals';
import { carryOutCounts } from '../server/services/rota/schedules/schedule-carry-in.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, type RotaPeople } from './support/rota-api.js';
import { SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

const weekOf = (week: number) => {
  const start = new Date(Date.UTC(2027, 0, 4 + 7 * week));
  return { startDate: start.toISOString().slice(0, 10), endDate: new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) };
};

describe("carry-outs kept between reads: a schedule's carry-in is not walked back week by week", () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;
  let ids: number[];

  beforeEach(async () => {
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
    // Five weeks in a row; the employee works the last two nights of each, the colleague nothing at all.
    ids = [];
    for (let week = 0; week < 5; week++) {
      const { startDate, endDate } = weekOf(week);
      const saturday = new Date(Date.parse(`${endDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      ids.push(
        await scheduleWith(people.manager.client, { startDate, endDate }, [
          { userId: people.employee.id, date: saturday, shiftTypeId: night },
          { userId: people.employee.id, date: endDate, shiftTypeId: night },
        ]),
      );
    }
  });

  const read = async (id: number) => {
    const answer = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const counted = async <T>(work: () => Promise<T>) => {
    const [computed, kept] = [carryOutCounts.computed, carryOutCounts.kept];
    const value = await work();
    return { value, computed: carryOutCounts.computed - computed, kept: carryOutCounts.kept - kept };
  };
  const carryOf = (detail: { carryIn: { userId: number }[] }, userId: number) => detail.carryIn.find((entry) => entry.userId === userId);

  it('reads the carry-in of the fifth week from kept carry-outs once they are known, with the same figures', async () => {
    const first = await counted(() => read(ids[4]!));
    expect(carryOf(first.value, people.employee.id)).toEqual({ userId: people.employee.id, lastShiftTypeId: night, consecutiveWorkingDays: 2, consecutiveDaysOff: 0, consecutiveSameShift: 2 });
    // The colleague has been off since the first week began: 4 whole weeks.
    expect(carryOf(first.value, people.colleague.id)).toMatchObject({ lastShiftTypeId: null, consecutiveDaysOff: 28 });
    const again = await counted(() => read(ids[4]!));
    expect([again.computed, again.kept]).toEqual([0, 4]);
    expect(again.value.carryIn).toEqual(first.value.carryIn);
  });

  it('works out again only the edited week, while the weeks after it start as before', async () => {
    await read(ids[4]!);
    const third = await read(ids[2]!);
    // A day shift for the colleague on the third week's Wednesday: that week and the next (whose carry-in changes) are worked out again.
    const edit = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, {
      id: ids[2],
      version: third.schedule.version,
      set: [{ userId: people.colleague.id, date: '2027-01-20', shiftTypeId: day }],
    });
    expect(edit.status).toBe(200);
    const after = await counted(() => read(ids[4]!));
    expect(after.computed).toBe(2);
    expect(carryOf(after.value, people.colleague.id)).toMatchObject({ lastShiftTypeId: null, consecutiveDaysOff: 11 });

    // The employee's Monday of the second week changes nothing that the weeks after it carry: only that week is worked out.
    const second = await read(ids[1]!);
    const monday = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, {
      id: ids[1],
      version: second.schedule.version,
      set: [{ userId: people.employee.id, date: weekOf(1).startDate, shiftTypeId: day }],
    });
    expect(monday.status).toBe(200);
    const later = await counted(() => read(ids[4]!));
    expect(later.computed).toBe(1);
    expect(later.value.carryIn).toEqual(after.value.carryIn);
  });

  it('follows a schedule made before the first: the chain starts there from then on', async () => {
    await read(ids[4]!);
    await scheduleWith(people.manager.client, weekOf(-1), [{ userId: people.colleague.id, date: weekOf(-1).endDate, shiftTypeId: day }]);
    const first = await read(ids[0]!);
    expect(first.carryInDerived).toBe(true);
    expect(carryOf(first, people.colleague.id)).toMatchObject({ lastShiftTypeId: day, consecutiveWorkingDays: 1 });
    expect(carryOf(await read(ids[4]!), people.colleague.id)).toMatchObject({ lastShiftTypeId: null, consecutiveDaysOff: 28 });
  });
});
