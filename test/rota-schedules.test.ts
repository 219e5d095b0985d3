import { beforeEach, describe, expect, it } from '@jest/globals';
import { Assignment } from '../server/db/entities/assignment.js';
import { RotaEvent } from '../server/db/entities/rota-event.js';
import { Schedule } from '../server/db/entities/schedule.js';
import { ScheduleCellChange } from '../server/db/entities/schedule-cell-change.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { publishedScheduleCovers } from '../server/services/rota/schedules/published-schedule-covers.js';
import { callRoute, createdStatus, FACES, ROUTES, setUpRotaPeople, type Face, type RotaPeople } from './support/rota-api.js';
import { insertCoverage, insertProfile, SCHEDULE_ROUTES as R, WEEK } from './support/schedules-api.js';
import type { TestClient } from './support/client.js';
import { useFreshInstallation } from './support/suite.js';

describe.each(FACES)('schedules (%s)', (face: Face) => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;
  let otherWardDay: number;

  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    const shiftType = async (client: TestClient, body: Record<string, unknown>) => (await callRoute(client, face, ROUTES.createShiftType, body)).body.shiftType.id as number;
    day = await shiftType(people.manager.client, { code: 'D', name: 'Day', start: '07:00', end: '15:00' });
    night = await shiftType(people.manager.client, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
    otherWardDay = await shiftType(people.otherManager.client, { code: 'D', name: 'Day', start: '07:00', end: '15:00' });
    await insertProfile(server, people.manager.id, ['head', 'nurse']);
    await insertProfile(server, people.employee.id, ['nurse']);
    await insertProfile(server, people.colleague.id, ['nurse', 'icu']);
    await insertProfile(server, people.otherEmployee.id, ['nurse']);
  });

  const as = (client: TestClient = people.manager.client, ward?: number) => ({
    list: () => callRoute(client, face, R.listSchedules, undefined, { ward }),
    create: (body: Record<string, unknown>) => callRoute(client, face, R.createSchedule, body, { ward }),
    read: (id: number) => callRoute(client, face, R.readSchedule, { id }, { ward }),
    set: (id: number, version: number, set: Record<string, unknown>[]) => callRoute(client, face, R.setAssignments, { id, version, set }, { ward }),
    carryIn: (id: number, version: number, carryIn: Record<string, unknown>[]) => callRoute(client, face, R.setCarryIn, { id, version, carryIn }, { ward }),
    publish: (id: number, body: Record<string, unknown> = {}) => callRoute(client, face, R.publishSchedule, { id, ...body }, { ward }),
    remove: (id: number) => callRoute(client, face, R.deleteSchedule, { id }, { ward }),
    evaluate: (id: number) => callRoute(client, face, R.evaluateSchedule, { id }, { ward }),
  });
  async function created(period: Record<string, unknown> = WEEK): Promise<{ id: number; version: number }> {
    const answer = await as().create(period);
    expect(answer.status).toBe(createdStatus(face));
    return answer.body.schedule;
  }
  const cellsOf = async (id: number) =>
    (await as().read(id)).body.assignments.map((a: { userId: number; date: string; shiftTypeId: number; skill: string }) => [a.userId, a.date, a.shiftTypeId, a.skill]);

  describe('periods', () => {
    it('creates a draft for dates, scored though empty, answering { schedule }', async () => {
      const answer = await as().create(WEEK);
      expect(answer.status).toBe(createdStatus(face));
      expect(answer.body).toEqual({
        schedule: { id: expect.any(Number), ...WEEK, status: 'draft', version: 1, publishedAt: null, createdAt: expect.any(String), score: { hard: 0, soft: 0 } },
      });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('creates one for a Solar Hijri month: Azar 1405 is 2026-11-22 to 2026-12-21, Esfand 1404 has 29 days', async () => {
      expect((await as().create({ jalaliMonth: '1405-09' })).body.schedule).toMatchObject({ startDate: '2026-11-22', endDate: '2026-12-21' });
      expect((await as().create({ jalaliMonth: '1404-12' })).body.schedule).toMatchObject({ startDate: '2026-02-20', endDate: '2026-03-20' });
    });

    it.each([
      ['6 days', { startDate: '2027-01-04', endDate: '2027-01-09' }],
      ['63 days', { startDate: '2027-01-04', endDate: '2027-03-07' }],
      ['an end before the start', { startDate: '2027-01-10', endDate: '2027-01-04' }],
      ['a date that does not exist', { startDate: '2027-02-01', endDate: '2027-02-30' }],
      ['dates and a month at once', { ...WEEK, jalaliMonth: '1405-10' }],
      ['no period', {}],
      ['a month 13', { jalaliMonth: '1405-13' }],
    ])('refuses %s with 400 invalid_input and creates nothing', async (_, body) => {
      const answer = await as().create(body);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('invalid_input');
      expect(await server.em().count(Schedule, {})).toBe(0);
    });

    it('accepts 7 and 62 days', async () => {
      await created({ startDate: '2027-01-04', endDate: '2027-01-10' });
      await created({ startDate: '2027-01-11', endDate: '2027-03-13' });
    });

    it('answers 409 schedule_overlap for a period meeting another of the ward, not for one of another ward or a neighbour', async () => {
      await created(WEEK);
      for (const period of [WEEK, { startDate: '2027-01-10', endDate: '2027-01-20' }, { startDate: '2026-12-28', endDate: '2027-01-04' }, { startDate: '2026-12-01', endDate: '2027-01-31' }]) {
        const answer = await as().create(period);
        expect(answer.status).toBe(409);
        expect(answer.code).toBe('schedule_overlap');
      }
      await created({ startDate: '2027-01-11', endDate: '2027-01-17' });
      expect((await as(people.otherManager.client).create(WEEK)).status).toBe(createdStatus(face));
    });

    it('refuses employees the manager routes with 403 forbidden', async () => {
      const schedule = await created();
      const employee = as(people.employee.client);
      for (const answer of [
        await employee.create({ startDate: '2027-02-01', endDate: '2027-02-07' }),
        await employee.set(schedule.id, 1, []),
        await employee.carryIn(schedule.id, 1, []),
        await employee.publish(schedule.id),
        await employee.remove(schedule.id),
        await employee.evaluate(schedule.id),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.code).toBe('forbidden');
      }
    });
  });

  describe('reading', () => {
    it('lists newest period first; employees see published schedules only and a draft is 404 to them', async () => {
      const first = await created(WEEK);
      const second = await created({ startDate: '2027-01-11', endDate: '2027-01-17' });
      expect((await as().list()).body.schedules.map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);
      expect((await as(people.employee.client).list()).body).toEqual({ schedules: [], nextCursor: null });
      const draft = await as(people.employee.client).read(first.id);
      expect(draft.status).toBe(404);
      expect(draft.code).toBe('schedule_not_found');

      expect((await as().publish(first.id)).status).toBe(200);
      const listed = await as(people.employee.client).list();
      expect(listed.body.schedules.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([[first.id, 'published']]);
      expect((await as(people.employee.client).read(first.id)).status).toBe(200);
    });

    it('answers 404 schedule_not_found for another ward\'s schedule on every route, and for an unknown id', async () => {
      const schedule = await created();
      const other = as(people.otherManager.client);
      for (const answer of [
        await other.read(schedule.id),
        await other.set(schedule.id, 1, []),
        await other.carryIn(schedule.id, 1, []),
        await other.publish(schedule.id),
        await other.remove(schedule.id),
        await other.evaluate(schedule.id),
        await as().read(schedule.id + 1000),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.code).toBe('schedule_not_found');
      }
    });

    it('shows the rostered staff, the shift types, the cells and the carry-in', async () => {
      const schedule = await created();
      await as().set(schedule.id, 1, [{ userId: people.colleague.id, date: '2027-01-05', shiftTypeId: night }]);
      const answer = await as().read(schedule.id);
      expect(answer.status).toBe(200);
      expect(answer.body.staff).toEqual(
        [
          { userId: people.manager.id, name: 'Head Nurse', skills: ['head', 'nurse'], contractId: null },
          { userId: people.employee.id, name: 'Sara', skills: ['nurse'], contractId: null },
          { userId: people.colleague.id, name: 'Reza', skills: ['nurse', 'icu'], contractId: null },
        ].sort((a, b) => a.userId - b.userId),
      );
      expect(answer.body.shiftTypes.map((t: { code: string }) => t.code)).toEqual(['D', 'N']);
      expect(answer.body.assignments).toEqual([{ userId: people.colleague.id, date: '2027-01-05', shiftTypeId: night, skill: 'nurse', pinned: true }]);
      expect(answer.body.carryIn).toContainEqual({ userId: people.colleague.id, lastShiftTypeId: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 0, consecutiveSameShift: 0 });
      expect(answer.body.carryInDerived).toBe(false);
      expect(answer.body.schedule.version).toBe(2);
    });
  });

  describe('GET …/evaluation', () => {
    it('answers the score, the violations by user, date, shift type and skill, and each person\'s figures', async () => {
      const schedule = await created();
      // Tuesdays need one nurse on days, ideally two.
      await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'nurse', weekday: 2, minimum: 1, optimal: 2 });
      await as().set(schedule.id, 1, [
        { userId: people.employee.id, date: '2027-01-05', shiftTypeId: day },
        { userId: people.colleague.id, date: '2027-01-05', shiftTypeId: day, skill: 'icu' },
        { userId: people.colleague.id, date: '2027-01-08', shiftTypeId: night },
      ]);
      const answer = await as().evaluate(schedule.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        score: { hard: 0, soft: 30 },
        violations: [{ constraint: 'coverage_optimal', severity: 'soft', date: '2027-01-05', shiftTypeId: day, skill: 'nurse', count: 1, penalty: 30 }],
        staff: expect.arrayContaining([
          { userId: people.colleague.id, assignments: 2, minutes: 960, workingWeekends: 1, nights: 1, preferencesHonoured: 0, preferencesBroken: 0 },
          { userId: people.employee.id, assignments: 1, minutes: 480, workingWeekends: 0, nights: 0, preferencesHonoured: 0, preferencesBroken: 0 },
        ]),
      });
      expect(answer.body.staff).toHaveLength(3);
      expect((await as().read(schedule.id)).body.schedule.score).toEqual({ hard: 0, soft: 30 });
    });
  });

  describe('PUT …/assignments', () => {
    it('sets and clears cells, defaulting the skill to the first and pinned to true, bumping the version, answering the evaluation', async () => {
      const schedule = await created();
      const answer = await as().set(schedule.id, 1, [
        { userId: people.employee.id, date: '2027-01-04', shiftTypeId: day },
        { userId: people.colleague.id, date: '2027-01-04', shiftTypeId: day, skill: 'icu', pinned: false },
        // 2027-01-08 is a Friday, the default weekend.
        { userId: people.manager.id, date: '2027-01-08', shiftTypeId: night },
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.schedule).toMatchObject({ id: schedule.id, version: 2 });
      expect(answer.body.evaluation).toEqual({ score: { hard: 0, soft: 0 }, violations: [], staff: expect.any(Array) });
      expect(answer.body.evaluation.staff).toContainEqual({
        userId: people.manager.id, assignments: 1, minutes: 480, workingWeekends: 1, nights: 1, preferencesHonoured: 0, preferencesBroken: 0,
      });
      const read = await as().read(schedule.id);
      expect(read.body.assignments).toEqual(
        expect.arrayContaining([
          { userId: people.employee.id, date: '2027-01-04', shiftTypeId: day, skill: 'nurse', pinned: true },
          { userId: people.colleague.id, date: '2027-01-04', shiftTypeId: day, skill: 'icu', pinned: false },
          { userId: people.manager.id, date: '2027-01-08', shiftTypeId: night, skill: 'head', pinned: true },
        ]),
      );
      const cleared = await as().set(schedule.id, 2, [
        { userId: people.employee.id, date: '2027-01-04', shiftTypeId: null },
        { userId: people.colleague.id, date: '2027-01-04', shiftTypeId: night },
      ]);
      expect(cleared.body.schedule.version).toBe(3);
      expect(await cellsOf(schedule.id)).toEqual(
        expect.arrayContaining([
          [people.colleague.id, '2027-01-04', night, 'nurse'],
          [people.manager.id, '2027-01-08', night, 'head'],
        ]),
      );
      expect(await server.em().count(Assignment, { schedule: schedule.id })).toBe(2);
    });

    it.each([
      ['a date outside the period', (t: Ctx) => ({ userId: t.people.employee.id, date: '2027-01-11', shiftTypeId: t.day })],
      ['someone of another ward', (t: Ctx) => ({ userId: t.people.otherEmployee.id, date: '2027-01-05', shiftTypeId: t.day })],
      ['an account of the ward without a profile', (t: Ctx) => ({ userId: t.adminId, date: '2027-01-05', shiftTypeId: t.day })],
      ['an unknown user', (t: Ctx) => ({ userId: 999_999, date: '2027-01-05', shiftTypeId: t.day })],
      ['a shift type of another ward', (t: Ctx) => ({ userId: t.people.employee.id, date: '2027-01-05', shiftTypeId: t.otherWardDay })],
      ['an unknown shift type', (t: Ctx) => ({ userId: t.people.employee.id, date: '2027-01-05', shiftTypeId: 999_999 })],
      ['a skill the person lacks', (t: Ctx) => ({ userId: t.people.employee.id, date: '2027-01-05', shiftTypeId: t.day, skill: 'icu' })],
      ['a cell named twice', (t: Ctx) => ({ userId: t.people.colleague.id, date: '2027-01-04', shiftTypeId: t.day })],
    ])('refuses %s with 400 invalid_assignment and changes nothing', async (_, bad) => {
      const schedule = await created();
      await as().set(schedule.id, 1, [{ userId: people.colleague.id, date: '2027-01-06', shiftTypeId: night }]);
      const answer = await as().set(schedule.id, 2, [
        { userId: people.colleague.id, date: '2027-01-04', shiftTypeId: night },
        { userId: people.colleague.id, date: '2027-01-06', shiftTypeId: null },
        bad({ people, day, otherWardDay, adminId: installation.adminId }),
      ]);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('invalid_assignment');
      expect(answer.body.issues[0].path).toMatch(/^set\.2\./);
      expect(await cellsOf(schedule.id)).toEqual([[people.colleague.id, '2027-01-06', night, 'nurse']]);
      expect((await as().read(schedule.id)).body.schedule.version).toBe(2);
    });

    it('refuses an inactive shift type with 400 invalid_assignment', async () => {
      const schedule = await created();
      await callRoute(people.manager.client, face, ROUTES.updateShiftType, { id: night, active: false });
      const answer = await as().set(schedule.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: night }]);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('invalid_assignment');
      expect(await server.em().count(Assignment, {})).toBe(0);
    });

    it('takes bodies up to 1 MiB (413 payload_too_large past it)', async () => {
      const schedule = await created();
      const body = (padding: number) => {
        const input = { version: 1, set: [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: day }] };
        return JSON.stringify(face === 'rest' ? input : { id: schedule.id, ...input }).replace('{', `{${' '.repeat(padding)}`);
      };
      const path = face === 'rest' ? `/api/rota/schedules/${schedule.id}/assignments` : '/trpc/rota.schedules.setAssignments';
      const method = face === 'rest' ? 'PUT' : 'POST';
      expect((await people.manager.client.request(method, path, { rawBody: body(300 * 1024) })).status).toBe(200);
      const refused = await people.manager.client.request(method, path, { rawBody: body(1024 * 1024) });
      expect(refused.status).toBe(413);
      expect(await server.em().count(Assignment, {})).toBe(1);
    });

    it('answers 409 version_conflict to a stale version and changes nothing', async () => {
      const schedule = await created();
      expect((await as().set(schedule.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: day }])).status).toBe(200);
      const stale = await as().set(schedule.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: night }]);
      expect(stale.status).toBe(409);
      expect(stale.code).toBe('version_conflict');
      expect(await cellsOf(schedule.id)).toEqual([[people.employee.id, '2027-01-05', day, 'nurse']]);
      expect((await as().read(schedule.id)).body.schedule.version).toBe(2);
    });

    it('lets exactly one of two editors racing with the same version win', async () => {
      const schedule = await created();
      const edits = await Promise.all(
        [day, night, day, night].map((shiftTypeId, i) =>
          as().set(schedule.id, 1, [{ userId: i % 2 ? people.employee.id : people.colleague.id, date: '2027-01-05', shiftTypeId }]),
        ),
      );
      expect(edits.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      expect(edits.filter((answer) => answer.status === 409).every((answer) => answer.code === 'version_conflict')).toBe(true);
      expect((await as().read(schedule.id)).body.schedule.version).toBe(2);
      expect(await server.em().count(Assignment, { schedule: schedule.id })).toBe(1);
    });

    it('keeps a used shift type from being deleted (409 shift_type_in_use) until its cells are gone', async () => {
      const schedule = await created();
      await as().set(schedule.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: night }]);
      const refused = await callRoute(people.manager.client, face, ROUTES.deleteShiftType, { id: night });
      expect(refused.status).toBe(409);
      expect(refused.code).toBe('shift_type_in_use');
      expect(await server.em().count(ShiftType, { id: night })).toBe(1);
      expect((await as().remove(schedule.id)).status).toBe(200);
      expect((await callRoute(people.manager.client, face, ROUTES.deleteShiftType, { id: night })).status).toBe(200);
    });
  });

  describe('carry-in', () => {
    const zero = { lastShiftTypeId: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 0, consecutiveSameShift: 0 };

    it('is set explicitly on the version, replaces the previous one, and is shown and scored', async () => {
      const schedule = await created();
      const answer = await as().carryIn(schedule.id, 1, [
        { userId: people.employee.id, lastShiftTypeId: night, consecutiveWorkingDays: 3, consecutiveDaysOff: 0, consecutiveSameShift: 3 },
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.schedule.version).toBe(2);
      expect(answer.body.carryIn).toContainEqual({ userId: people.employee.id, lastShiftTypeId: night, consecutiveWorkingDays: 3, consecutiveDaysOff: 0, consecutiveSameShift: 3 });
      expect(answer.body.carryIn).toContainEqual({ userId: people.colleague.id, ...zero });

      // A night, then a day: forbidden by a rest of 12 hours (docs/rota.md §1), also across the carry-in.
      await callRoute(people.manager.client, face, ROUTES.replaceSettings, { minRestHours: 12 });
      const edit = await as().set(schedule.id, 2, [{ userId: people.employee.id, date: '2027-01-04', shiftTypeId: day }]);
      expect(edit.body.evaluation.violations).toContainEqual({ constraint: 'forbidden_succession', severity: 'hard', userId: people.employee.id, date: '2027-01-04', shiftTypeId: day, count: 1, penalty: 1 });

      const stale = await as().carryIn(schedule.id, 2, []);
      expect(stale.code).toBe('version_conflict');
      const replaced = await as().carryIn(schedule.id, 3, []);
      expect(replaced.body.carryIn).toContainEqual({ userId: people.employee.id, ...zero });
    });

    it('keeps a shift type a carry-in names from being deleted (409 shift_type_in_use)', async () => {
      const schedule = await created();
      await as().carryIn(schedule.id, 1, [{ userId: people.employee.id, lastShiftTypeId: night, consecutiveWorkingDays: 1, consecutiveDaysOff: 0, consecutiveSameShift: 1 }]);
      const refused = await callRoute(people.manager.client, face, ROUTES.deleteShiftType, { id: night });
      expect([refused.status, refused.code]).toEqual([409, 'shift_type_in_use']);
      await as().carryIn(schedule.id, 2, []);
      expect((await callRoute(people.manager.client, face, ROUTES.deleteShiftType, { id: night })).status).toBe(200);
    });

    it('refuses someone outside the schedule\'s staff (404 user_not_found) and a foreign shift type (404 shift_type_not_found)', async () => {
      const schedule = await created();
      const outsider = await as().carryIn(schedule.id, 1, [{ userId: people.otherEmployee.id, lastShiftTypeId: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 2, consecutiveSameShift: 0 }]);
      expect([outsider.status, outsider.code]).toEqual([404, 'user_not_found']);
      const foreign = await as().carryIn(schedule.id, 1, [{ userId: people.employee.id, lastShiftTypeId: otherWardDay, consecutiveWorkingDays: 1, consecutiveDaysOff: 0, consecutiveSameShift: 1 }]);
      expect([foreign.status, foreign.code]).toEqual([404, 'shift_type_not_found']);
      expect((await as().read(schedule.id)).body.schedule.version).toBe(1);
    });

    it('is derived from the schedule ending the day before (409 carry_in_derived to setting it); a run spanning it continues its carry-in', async () => {
      const first = await created(WEEK);
      await as().carryIn(first.id, 1, [
        { userId: people.employee.id, lastShiftTypeId: night, consecutiveWorkingDays: 2, consecutiveDaysOff: 0, consecutiveSameShift: 2 },
        { userId: people.colleague.id, lastShiftTypeId: null, consecutiveWorkingDays: 0, consecutiveDaysOff: 4, consecutiveSameShift: 0 },
      ]);
      const week = ['04', '05', '06', '07', '08', '09', '10'].map((d) => `2027-01-${d}`);
      await as().set(first.id, 2, [
        // Sara works nights all week: her run goes on from the carry-in (2 + 7).
        ...week.map((date) => ({ userId: people.employee.id, date, shiftTypeId: night })),
        // The head nurse ends with two days then a night: 3 working days, 1 on the same shift.
        { userId: people.manager.id, date: '2027-01-08', shiftTypeId: day },
        { userId: people.manager.id, date: '2027-01-09', shiftTypeId: day },
        { userId: people.manager.id, date: '2027-01-10', shiftTypeId: night },
      ]);
      const second = await created({ startDate: '2027-01-11', endDate: '2027-01-17' });
      const read = await as().read(second.id);
      expect(read.body.carryInDerived).toBe(true);
      expect(read.body.carryIn).toEqual(
        expect.arrayContaining([
          { userId: people.employee.id, lastShiftTypeId: night, consecutiveWorkingDays: 9, consecutiveDaysOff: 0, consecutiveSameShift: 9 },
          { userId: people.manager.id, lastShiftTypeId: night, consecutiveWorkingDays: 3, consecutiveDaysOff: 0, consecutiveSameShift: 1 },
          // Reza was off all week, after 4 days off.
          { userId: people.colleague.id, ...zero, consecutiveDaysOff: 11 },
        ]),
      );
      const refused = await as().carryIn(second.id, 1, []);
      expect([refused.status, refused.code]).toEqual([409, 'carry_in_derived']);
      expect((await as().read(second.id)).body.schedule.version).toBe(1);
      // A gap of a day: explicit again.
      expect((await as().read((await created({ startDate: '2027-01-19', endDate: '2027-01-25' })).id)).body.carryInDerived).toBe(false);
    });
  });

  describe('publishing', () => {
    it('refuses a schedule with hard violations (409 schedule_infeasible, listing them) unless acceptViolations', async () => {
      const schedule = await created();
      await as().set(schedule.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: day }]);
      // Reza loses the skill his cell was made with: a hard violation.
      await as().set(schedule.id, 2, [{ userId: people.colleague.id, date: '2027-01-06', shiftTypeId: day, skill: 'icu' }]);
      await server.em().getConnection().execute('update staff_profile set skills = \'["nurse"]\' where user_id = ?', [people.colleague.id]);

      let refused;
      if (face === 'rest') {
        refused = (await people.manager.client.request('POST', `/api/rota/schedules/${schedule.id}/publish`, { body: {} })).body;
      } else {
        refused = (await people.manager.client.request('POST', '/trpc/rota.schedules.publish', { body: { id: schedule.id } })).body.error.data;
      }
      expect(refused).toMatchObject({ code: 'schedule_infeasible' });
      expect(refused.violations).toEqual([
        { constraint: 'missing_skill', severity: 'hard', userId: people.colleague.id, date: '2027-01-06', shiftTypeId: day, skill: 'icu', count: 1, penalty: 1 },
      ]);
      expect((await as().read(schedule.id)).body.schedule.status).toBe('draft');

      const published = await as().publish(schedule.id, { acceptViolations: true });
      expect(published.status).toBe(200);
      expect(published.body.schedule).toMatchObject({ status: 'published', publishedAt: expect.any(String), score: { hard: 1 } });
      expect(await server.em().count(RotaEvent, { type: 'schedule.published', objectId: schedule.id })).toBe(1);
    });

    it('audits every change to a published schedule: who, when, which cells, before and after', async () => {
      const schedule = await created();
      await as().set(schedule.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: day }]);
      expect((await as().publish(schedule.id)).status).toBe(200);
      expect(await server.em().count(ScheduleCellChange, {})).toBe(0);
      const edit = await as().set(schedule.id, 2, [
        { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
        { userId: people.colleague.id, date: '2027-01-06', shiftTypeId: day, skill: 'icu' },
        { userId: people.colleague.id, date: '2027-01-07', shiftTypeId: null },
      ]);
      expect(edit.status).toBe(200);
      const changes = await server.em().find(ScheduleCellChange, { scheduleId: schedule.id }, { orderBy: { date: 'asc' } });
      expect(changes.map((c) => [c.user?.id, c.date, c.beforeShiftCode, c.beforeSkill, c.afterShiftCode, c.afterSkill, c.actor?.id, c.version])).toEqual([
        [people.employee.id, '2027-01-05', 'D', 'nurse', 'N', 'nurse', people.manager.id, 3],
        [people.colleague.id, '2027-01-06', null, null, 'D', 'icu', people.manager.id, 3],
      ]);
      expect(changes[0]!.createdAt).toEqual(server.clock.now());
      expect(await server.em().count(RotaEvent, { type: 'schedule.cells_changed', objectId: schedule.id })).toBe(1);
    });

    it('freezes preferences inside a published schedule: 409 schedule_published to a new one', async () => {
      const schedule = await created();
      const ask = (date: string) => callRoute(people.employee.client, face, ROUTES.createRequest, { kind: 'day_off', date });
      expect((await ask('2027-01-05')).status).toBe(createdStatus(face));
      await as().publish(schedule.id);
      const refused = await ask('2027-01-06');
      expect([refused.status, refused.code]).toEqual([409, 'schedule_published']);
      expect((await ask('2027-01-11')).status).toBe(createdStatus(face));
    });

    it('sees a published schedule of the ward only as covering its own days', async () => {
      const schedule = await created();
      expect(await publishedScheduleCovers(server.em(), installation.wardId, '2027-01-05')).toBe(false);
      await as().publish(schedule.id);
      expect(await publishedScheduleCovers(server.em(), installation.wardId, '2027-01-04')).toBe(true);
      expect(await publishedScheduleCovers(server.em(), installation.wardId, '2027-01-10')).toBe(true);
      expect(await publishedScheduleCovers(server.em(), installation.wardId, '2027-01-11')).toBe(false);
      expect(await publishedScheduleCovers(server.em(), people.otherWardId, '2027-01-05')).toBe(false);
    });
  });

  describe('DELETE', () => {
    it('deletes a draft with its cells, and answers 409 schedule_published for a published one', async () => {
      const draft = await created();
      await as().set(draft.id, 1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: day }]);
      const answer = await as().remove(draft.id);
      expect([answer.status, answer.body]).toEqual([200, { ok: true }]);
      expect(await server.em().count(Assignment, {})).toBe(0);
      expect((await as().read(draft.id)).status).toBe(404);

      const published = await created();
      await as().publish(published.id);
      const refused = await as().remove(published.id);
      expect([refused.status, refused.code]).toEqual([409, 'schedule_published']);
      expect(await server.em().count(Schedule, { id: published.id })).toBe(1);
    });
  });
});

interface Ctx {
  people: RotaPeople;
  day: number;
  otherWardDay: number;
  adminId: number;
}
