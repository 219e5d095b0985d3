import { beforeEach, describe, expect, it } from '@jest/globals';
import { Assignment } from '../server/db/entities/assignment.js';
import { Notification } from '../server/db/entities/notification.js';
import { RotaEvent } from '../server/db/entities/rota-event.js';
import { RotaRequest } from '../server/db/entities/rota-request.js';
import { Schedule } from '../server/db/entities/schedule.js';
import { ScheduleCellChange } from '../server/db/entities/schedule-cell-change.js';
import { User } from '../server/db/entities/user.js';
import { changeCells, type CellRoute } from '../server/services/rota/schedules/change-cells.js';
import { callRoute, createdStatus, FACES, ROUTES, type Face } from './support/rota-api.js';
import { LIFE_ROUTES, notificationsOf, readCells, setUpPublishedWeek, type PublishedWeek } from './support/roster-life.js';
import { SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

describe.each(FACES)('changes to a published schedule and notifications (%s)', (face: Face) => {
  const { server, installation } = useFreshInstallation({ clockAt: '2026-11-22T08:00:00.000Z' });
  let week: PublishedWeek;

  beforeEach(async () => {
    week = await setUpPublishedWeek(server, installation, (p, t) => [
      { userId: p.employee.id, date: '2027-01-05', shiftTypeId: t.day },
      { userId: p.colleague.id, date: '2027-01-06', shiftTypeId: t.night },
    ]);
  });
  const edit = (version: number, set: Record<string, unknown>[]) => callRoute(week.people.manager.client, face, SCHEDULE_ROUTES.setAssignments, { id: week.scheduleId, version, set });
  const kindOf = (kind: string) => (n: { kind: string }) => n.kind === kind;

  it('tells everyone on a schedule that it was published, once', async () => {
    const { people, scheduleId } = week;
    for (const person of [people.manager, people.employee, people.colleague]) {
      expect((await notificationsOf(person.client, face)).map((n) => [n.kind, n.data, n.readAt])).toEqual([['schedule_published', { scheduleId }, null]]);
    }
    expect(await notificationsOf(people.otherEmployee.client, face)).toEqual([]);
    expect((await callRoute(people.manager.client, face, SCHEDULE_ROUTES.publishSchedule, { id: scheduleId })).status).toBe(200);
    expect(await server.em().count(Notification, { kind: 'schedule_published' })).toBe(3);
  });

  it('tells each person whose cell a manual edit changed, and audits the change with its route and actor', async () => {
    const { people, day, night, scheduleId } = week;
    const answer = await edit(2, [
      { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
      { userId: people.colleague.id, date: '2027-01-07', shiftTypeId: day, skill: 'icu' },
      // Unchanged: no notification, no audit line.
      { userId: people.colleague.id, date: '2027-01-06', shiftTypeId: night },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.schedule.version).toBe(3);
    const now = server.clock.now().toISOString();
    expect((await notificationsOf(people.employee.client, face)).filter(kindOf('shift_changed'))).toEqual([
      {
        id: expect.any(Number),
        kind: 'shift_changed',
        createdAt: now,
        readAt: null,
        data: { scheduleId, date: '2027-01-05', before: { shiftTypeId: day, skill: 'nurse' }, after: { shiftTypeId: night, skill: 'nurse' }, by: people.manager.id, route: 'edit' },
      },
    ]);
    expect((await notificationsOf(people.colleague.client, face)).filter(kindOf('shift_changed')).map((n) => n.data)).toEqual([
      { scheduleId, date: '2027-01-07', before: null, after: { shiftTypeId: day, skill: 'icu' }, by: people.manager.id, route: 'edit' },
    ]);
    expect((await notificationsOf(people.manager.client, face)).filter(kindOf('shift_changed'))).toEqual([]);
    const audit = await server.em().find(ScheduleCellChange, { scheduleId }, { orderBy: { date: 'asc' } });
    expect(audit.map((c) => [c.user?.id, c.date, c.route, c.actor?.id, c.version])).toEqual([
      [people.employee.id, '2027-01-05', 'edit', people.manager.id, 3],
      [people.colleague.id, '2027-01-07', 'edit', people.manager.id, 3],
    ]);
    expect((await server.em().findOneOrFail(RotaEvent, { type: 'schedule.cells_changed', objectId: scheduleId })).note).toBe('edit: 2 cells, version 3');
  });

  it('tells nobody of an edit of a draft, and audits none', async () => {
    const { people, day } = week;
    const draft = await scheduleWith(people.manager.client, { startDate: '2027-01-11', endDate: '2027-01-17' }, [{ userId: people.employee.id, date: '2027-01-12', shiftTypeId: day }], false);
    expect((await callRoute(people.manager.client, face, SCHEDULE_ROUTES.readSchedule, { id: draft })).body.assignments).toHaveLength(1);
    expect(await server.em().count(Notification, { kind: 'shift_changed' })).toBe(0);
    expect(await server.em().count(ScheduleCellChange, {})).toBe(0);
  });

  it('changes nothing and tells nobody when the edit is refused', async () => {
    const { people, night } = week;
    const stale = await edit(1, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: night }]);
    expect([stale.status, stale.code]).toEqual([409, 'version_conflict']);
    const invalid = await edit(2, [
      { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
      { userId: people.employee.id, date: '2027-01-06', shiftTypeId: night, skill: 'icu' },
    ]);
    expect([invalid.status, invalid.code]).toEqual([400, 'invalid_assignment']);
    expect(await server.em().count(Notification, { kind: 'shift_changed' })).toBe(0);
    expect((await readCells(week)).version).toBe(2);
  });

  it('lets each account read and mark only its own notifications', async () => {
    const { people } = week;
    const [mine] = await notificationsOf(people.employee.client, face);
    const [theirs] = await notificationsOf(people.colleague.client, face);
    // Another's id is passed over like an unknown one.
    const foreign = await callRoute(people.employee.client, face, LIFE_ROUTES.readNotifications, { ids: [theirs!.id] });
    expect([foreign.status, foreign.body]).toEqual([200, { read: 0 }]);
    expect((await notificationsOf(people.colleague.client, face))[0]!.readAt).toBeNull();

    const read = await callRoute(people.employee.client, face, LIFE_ROUTES.readNotifications, { ids: [mine!.id] });
    expect([read.status, read.body]).toEqual([200, { read: 1 }]);
    expect((await notificationsOf(people.employee.client, face))[0]!.readAt).toBe(server.clock.now().toISOString());
    expect(await notificationsOf(people.employee.client, face, true)).toEqual([]);
    expect(await notificationsOf(people.colleague.client, face, true)).toHaveLength(1);

    const all = await callRoute(people.colleague.client, face, LIFE_ROUTES.readNotifications, { all: true });
    expect([all.status, all.body]).toEqual([200, { read: 1 }]);
    expect(await notificationsOf(people.colleague.client, face, true)).toEqual([]);

    for (const body of [{}, { ids: [mine!.id], all: true }, { ids: [] }]) {
      const refused = await callRoute(people.employee.client, face, LIFE_ROUTES.readNotifications, body);
      expect([refused.status, refused.code]).toEqual([400, 'invalid_input']);
    }
  });

  it('tells a leave request\'s owner of the decision', async () => {
    const { people } = week;
    const ask = async () => (await callRoute(people.employee.client, face, ROUTES.createRequest, { kind: 'leave', date: '2027-02-01', endDate: '2027-02-02' })).body.request.id as number;
    const approved = await ask();
    const rejected = await ask();
    expect((await callRoute(people.manager.client, face, ROUTES.approveRequest, { id: approved })).status).toBe(200);
    expect((await callRoute(people.manager.client, face, ROUTES.rejectRequest, { id: rejected })).status).toBe(200);
    expect((await notificationsOf(people.employee.client, face)).filter(kindOf('request_decided')).map((n) => n.data)).toEqual([
      { requestId: rejected, status: 'rejected' },
      { requestId: approved, status: 'approved' },
    ]);
    expect((await notificationsOf(people.manager.client, face)).filter(kindOf('request_decided'))).toEqual([]);
  });
});

describe.each(FACES)('absence (%s)', (face: Face) => {
  const { server, installation } = useFreshInstallation({ clockAt: '2026-11-22T08:00:00.000Z' });
  let week: PublishedWeek;

  beforeEach(async () => {
    week = await setUpPublishedWeek(server, installation, (p, t) => [{ userId: p.employee.id, date: '2027-01-05', shiftTypeId: t.day }]);
  });
  const file = (client = week.people.manager.client, body: Record<string, unknown>) => callRoute(client, face, ROUTES.createRequest, body);

  it('lets a manager file a sick leave for a staff member approved at once: the cells inside it become leave violations', async () => {
    const { people, scheduleId } = week;
    const answer = await file(people.manager.client, { userId: people.employee.id, kind: 'leave', date: '2027-01-05', endDate: '2027-01-06', reason: 'sick', approve: true });
    expect(answer.status).toBe(createdStatus(face));
    expect(answer.body.request).toMatchObject({
      userId: people.employee.id,
      reason: 'sick',
      status: 'approved',
      decidedBy: people.manager.id,
      decidedAt: server.clock.now().toISOString(),
    });
    expect((await notificationsOf(people.employee.client, face)).filter((n) => n.kind === 'request_decided').map((n) => n.data)).toEqual([
      { requestId: answer.body.request.id, status: 'approved' },
    ]);
    const evaluation = await callRoute(people.manager.client, face, SCHEDULE_ROUTES.evaluateSchedule, { id: scheduleId });
    expect(evaluation.body.violations.filter((v: { constraint: string }) => v.constraint === 'leave')).toEqual([
      expect.objectContaining({ userId: people.employee.id, date: '2027-01-05', count: 1 }),
    ]);
    // The roster itself is left as it is: a repair fills the hole.
    expect((await readCells(week)).cells).toHaveLength(1);
  });

  it('keeps a staff member\'s own sick report pending, with annual as the reason when none is given', async () => {
    const { people } = week;
    const sick = await file(people.employee.client, { kind: 'leave', date: '2027-01-05', endDate: '2027-01-05', reason: 'sick' });
    expect(sick.body.request).toMatchObject({ reason: 'sick', status: 'pending', decidedBy: null });
    const annual = await file(people.employee.client, { kind: 'leave', date: '2027-02-05', endDate: '2027-02-05' });
    expect(annual.body.request).toMatchObject({ reason: 'annual', status: 'pending' });
  });

  it('refuses approve from an employee (403 forbidden), and a reason or approve on a preference (400 invalid_input), creating nothing', async () => {
    const { people, day } = week;
    const own = await file(people.employee.client, { kind: 'leave', date: '2027-01-05', endDate: '2027-01-05', approve: true });
    expect([own.status, own.code]).toEqual([403, 'forbidden']);
    for (const body of [
      { kind: 'day_off', date: '2027-02-03', reason: 'sick' },
      { kind: 'shift_on', date: '2027-02-03', shiftTypeId: day, approve: true },
      { kind: 'leave', date: '2027-02-03', endDate: '2027-02-03', reason: 'holiday' },
    ]) {
      const refused = await file(people.manager.client, body);
      expect([refused.status, refused.code]).toEqual([400, 'invalid_input']);
    }
    expect(await server.em().count(RotaRequest, {})).toBe(0);
  });

  it('answers 404 user_not_found to a manager filing for an account of another ward', async () => {
    const { people } = week;
    const refused = await file(people.manager.client, { userId: people.otherEmployee.id, kind: 'leave', date: '2027-01-05', endDate: '2027-01-05', approve: true });
    expect([refused.status, refused.code]).toEqual([404, 'user_not_found']);
    expect(await server.em().count(RotaRequest, {})).toBe(0);
  });
});

describe('the one path of cell changes', () => {
  const { server, installation } = useFreshInstallation({ clockAt: '2027-01-03T08:00:00.000Z' });
  let week: PublishedWeek;

  beforeEach(async () => {
    week = await setUpPublishedWeek(server, installation, (p, t) => [
      { userId: p.employee.id, date: '2027-01-05', shiftTypeId: t.day },
      { userId: p.employee.id, date: '2027-01-06', shiftTypeId: t.day },
    ]);
  });
  async function change(route: CellRoute, date: string, version = 2) {
    const em = server.em();
    const actor = await em.findOneOrFail(User, week.people.manager.id);
    const ctx = { now: server.clock.now(), actor, client: { ip: '127.0.0.1', userAgent: 'test' }, config: server.config };
    return em.transactional((tx) =>
      changeCells(
        tx,
        { wardId: installation.wardId, scheduleId: week.scheduleId, expectedVersion: version, changes: [{ userId: week.people.employee.id, date, after: { shiftTypeId: week.night, skill: 'nurse' } }], route },
        ctx,
      ),
    );
  }

  it('leaves the days before today (in APP_TIMEZONE) of a published schedule to manual edits: 409 schedule_past for the other routes', async () => {
    // 21:00 UTC on the 5th is half past midnight on the 6th in Tehran: the 5th is history.
    server.clock.set('2027-01-05T21:00:00.000Z');
    for (const route of ['swap', 'claim', 'repair'] as const) {
      await expect(change(route, '2027-01-05')).rejects.toMatchObject({ code: 'schedule_past' });
    }
    expect((await readCells(week)).version).toBe(2);
    expect(await server.em().count(Notification, { kind: 'shift_changed' })).toBe(0);
    const today = await change('swap', '2027-01-06');
    expect(today.changed).toEqual([{ userId: week.people.employee.id, date: '2027-01-06', before: { shiftTypeId: week.day, skill: 'nurse' }, after: { shiftTypeId: week.night, skill: 'nurse' } }]);
    expect((await server.em().findOneOrFail(ScheduleCellChange, { date: '2027-01-06' })).route).toBe('swap');
    const past = await callRoute(week.people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, {
      id: week.scheduleId,
      version: 3,
      set: [{ userId: week.people.employee.id, date: '2027-01-05', shiftTypeId: null }],
    });
    expect(past.status).toBe(200);
    expect(await server.em().count(Assignment, { date: '2027-01-05' })).toBe(0);
  });

  it('refuses a stale version with 409 version_conflict and writes nothing', async () => {
    await expect(change('repair', '2027-01-06', 1)).rejects.toMatchObject({ code: 'version_conflict' });
    expect((await server.em().findOneOrFail(Schedule, week.scheduleId)).version).toBe(2);
    expect(await server.em().count(ScheduleCellChange, {})).toBe(0);
  });

  it('runs one change at a time: of two on one version, exactly one applies', async () => {
    const results = await Promise.allSettled([change('swap', '2027-01-06'), change('claim', '2027-01-06'), change('edit', '2027-01-06')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['version_conflict', 'version_conflict']);
    expect(await server.em().count(ScheduleCellChange, {})).toBe(1);
    expect(await server.em().count(Notification, { kind: 'shift_changed' })).toBe(1);
  });
});

