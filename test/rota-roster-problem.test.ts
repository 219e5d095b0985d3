import { beforeEach, describe, expect, it } from '@jest/globals';
import { Holiday } from '../server/db/entities/holiday.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { User } from '../server/db/entities/user.js';
import { coverageIndex } from '../server/rota/problem.js';
import { buildRosterProblem, type ScheduleProblem } from '../server/services/rota/schedules/build-roster-problem.js';
import { evaluateSchedule } from '../server/services/rota/schedules/evaluate-schedule.js';
import { callRoute, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { insertContract, insertCoverage, insertProfile, insertRequest, SCHEDULE_ROUTES as R, WEEK } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';

describe('the roster problem built from the database', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;
  let scheduleId: number;

  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    const manager = people.manager.client;
    day = (await callRoute(manager, 'rest', ROUTES.createShiftType, { code: 'D', name: 'Day', start: '07:00', end: '15:00', minConsecutive: 1, maxConsecutive: 5 })).body.shiftType.id;
    night = (await callRoute(manager, 'rest', ROUTES.createShiftType, { code: 'N', name: 'Night', start: '23:00', end: '07:00', forbiddenNext: [] })).body.shiftType.id;
    await insertProfile(server, people.employee.id, ['nurse']);
    await insertProfile(server, people.colleague.id, ['nurse', 'icu']);
    scheduleId = (await callRoute(manager, 'rest', R.createSchedule, WEEK)).body.schedule.id;
  });

  const build = () => buildRosterProblem(server.em(), { id: scheduleId, wardId: installation.wardId, ...WEEK });
  const need = (built: ScheduleProblem, date: string, shiftTypeId: number, skill: string) => {
    const { problem } = built;
    const k = problem.skills.indexOf(skill);
    if (k < 0) return [0, 0];
    const index = coverageIndex(problem, built.dates.indexOf(date), built.shiftTypeIds.indexOf(shiftTypeId), k);
    return [problem.minimum[index], problem.optimal[index]];
  };

  it('takes a day\'s date rows alone when it has any, a holiday\'s from the first weekend day, else its weekday\'s', async () => {
    await callRoute(people.manager.client, 'rest', ROUTES.replaceSettings, { weekendDays: [0, 6] });
    await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'nurse', weekday: 2, minimum: 2, optimal: 3 });
    await insertCoverage(server, installation.wardId, { shiftTypeId: night, skill: 'nurse', weekday: 2, minimum: 1, optimal: 1 });
    await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'nurse', weekday: 0, minimum: 1, optimal: 1 });
    await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'nurse', weekday: 3, minimum: 4, optimal: 4 });
    // Tuesday 2027-01-05 has a date row: the weekday's night row no longer applies.
    await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'icu', date: '2027-01-05', minimum: 1, optimal: 2 });
    // Wednesday 2027-01-06 is a holiday: Sunday's rows (the first weekend day, 0).
    const em = server.em();
    em.create(Holiday, { hospital: em.getReference(Hospital, installation.hospitalId), date: '2027-01-06', name: 'Holiday', createdAt: server.clock.now() });
    await em.flush();
    // A date row of another period changes nothing here.
    await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'nurse', date: '2027-01-12', minimum: 9, optimal: 9 });

    const built = await build();
    expect(need(built, '2027-01-05', day, 'icu')).toEqual([1, 2]);
    expect(need(built, '2027-01-05', day, 'nurse')).toEqual([0, 0]);
    expect(need(built, '2027-01-05', night, 'nurse')).toEqual([0, 0]);
    expect(need(built, '2027-01-06', day, 'nurse')).toEqual([1, 1]);
    expect(need(built, '2027-01-10', day, 'nurse')).toEqual([1, 1]);
    expect(need(built, '2027-01-04', day, 'nurse')).toEqual([0, 0]);

    const evaluation = evaluateSchedule(built);
    expect(evaluation.violations).toContainEqual({ constraint: 'coverage_minimum', severity: 'hard', date: '2027-01-05', shiftTypeId: day, skill: 'icu', count: 1, penalty: 1 });
    expect(evaluation.violations).toContainEqual({ constraint: 'coverage_optimal', severity: 'soft', date: '2027-01-05', shiftTypeId: day, skill: 'icu', count: 2, penalty: 60 });
    expect(evaluation.score).toEqual({ hard: 3, soft: 120 });
  });

  it('merges minRestHours with the explicit forbidden successors, and takes the weekend and weights from the settings', async () => {
    const late = (await callRoute(people.manager.client, 'rest', ROUTES.createShiftType, { code: 'L', name: 'Late', start: '15:00', end: '23:00', forbiddenNext: [day] })).body.shiftType.id;
    let built = await build();
    const at = (id: number) => built.shiftTypeIds.indexOf(id);
    expect(built.problem.forbiddenNext[at(late)]![at(day)]).toBe(true);
    expect(built.problem.forbiddenNext[at(night)]![at(day)]).toBe(false);
    await callRoute(people.manager.client, 'rest', ROUTES.replaceSettings, { weekendDays: [4, 5], minRestHours: 12, weights: { preference: 7 } });
    built = await build();
    // Night ends 07:00, a day starts 07:00 the next day: no rest. Late ends 23:00, day 07:00: 8 hours.
    expect(built.problem.forbiddenNext[at(night)]![at(day)]).toBe(true);
    expect(built.problem.forbiddenNext[at(late)]![at(day)]).toBe(true);
    expect(built.problem.forbiddenNext[at(day)]![at(night)]).toBe(false);
    expect(built.problem.forbiddenNext[at(day)]![at(day)]).toBe(false);
    expect(built.problem).toMatchObject({ days: 7, firstWeekday: 1, weekendDays: [4, 5] });
    expect(built.problem.weights.preference).toBe(7);
    expect(built.problem.shiftTypes[at(night)]).toMatchObject({ id: night, code: 'N', minutes: 480, endsNextDay: true, assignable: true });
  });

  it('rosters active staff with a profile and anyone holding a cell, with contracts, approved leave and active preferences', async () => {
    const contractId = await insertContract(server, installation.wardId, 'Full', {
      minAssignments: 1, maxAssignments: 5, minConsecutiveWorkingDays: 1, maxConsecutiveWorkingDays: 5,
      minConsecutiveDaysOff: 1, maxConsecutiveDaysOff: 5, maxWorkingWeekends: 1, completeWeekends: true,
    });
    await server.em().getConnection().execute('update staff_profile set contract_id = ? where user_id = ?', [contractId, people.employee.id]);
    await insertProfile(server, people.manager.id, ['head']);
    await callRoute(people.manager.client, 'rest', R.setAssignments, { id: scheduleId, version: 1, set: [{ userId: people.manager.id, date: '2027-01-05', shiftTypeId: day }] });
    // The head nurse moves to another ward and an inactive account keeps its profile: neither is rostered, but her cell keeps her in.
    await server.em().nativeUpdate(User, { id: people.manager.id }, { ward: people.otherWardId });
    await server.em().nativeUpdate(User, { id: people.colleague.id }, { active: false });

    await insertRequest(server, installation.wardId, { userId: people.employee.id, kind: 'leave', date: '2027-01-01', endDate: '2027-01-05', status: 'approved' });
    await insertRequest(server, installation.wardId, { userId: people.employee.id, kind: 'leave', date: '2027-01-08', status: 'pending' });
    await insertRequest(server, installation.wardId, { userId: people.employee.id, kind: 'day_off', date: '2027-01-07', status: 'active' });
    await insertRequest(server, installation.wardId, { userId: people.employee.id, kind: 'shift_on', date: '2027-01-09', shiftTypeId: night, status: 'active' });
    await insertRequest(server, installation.wardId, { userId: people.employee.id, kind: 'shift_off', date: '2027-01-10', shiftTypeId: day, status: 'cancelled' });
    await insertRequest(server, installation.wardId, { userId: people.employee.id, kind: 'day_off', date: '2027-01-11', status: 'active' });

    const built = await build();
    expect(built.people).toEqual([
      { userId: people.manager.id, name: 'Head Nurse', skills: ['head'], contractId: null },
      { userId: people.employee.id, name: 'Sara', skills: ['nurse'], contractId },
    ].sort((a, b) => a.userId - b.userId));
    const sara = built.people.findIndex((person) => person.userId === people.employee.id);
    expect(built.problem.staff[sara]!.leave).toEqual([true, true, false, false, false, false, false]);
    expect(built.problem.staff[sara]!.contract).toMatchObject({ maxAssignments: 5, completeWeekends: true });
    expect(built.problem.preferences).toEqual([
      { person: sara, day: 3, kind: 'day_off', shift: null },
      { person: sara, day: 5, kind: 'shift_on', shift: built.shiftTypeIds.indexOf(night) },
    ]);

    // Assigned on her leave: a hard violation, named by user and date.
    const edit = await callRoute(installation.admin, 'rest', R.setAssignments, { id: scheduleId, version: 2, set: [{ userId: people.employee.id, date: '2027-01-04', shiftTypeId: day }] });
    expect(edit.status).toBe(200);
    const evaluation = evaluateSchedule(await build());
    expect(evaluation.violations).toContainEqual({ constraint: 'leave', severity: 'hard', userId: people.employee.id, date: '2027-01-04', shiftTypeId: day, count: 1, penalty: 1 });
    expect(evaluation.violations).toContainEqual({ constraint: 'preference', severity: 'soft', userId: people.employee.id, date: '2027-01-09', shiftTypeId: night, count: 1, penalty: 10 });
  });
});
