import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Assignment } from '../server/db/entities/assignment.js';
import { ScheduleCarryIn } from '../server/db/entities/schedule-carry-in.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { callRoute, FACES, ROUTES, type Face } from './support/rota-api.js';
import { insertProfile, SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation, type FreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

/** Waits until some session of the database waits for a row lock another transaction holds. */
async function untilALockIsAwaited(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const waiting = await client.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting.rowCount) return;
    if (Date.now() > deadline) throw new Error('no session came to wait for a lock');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const DAY = { code: 'D', name: 'Day', start: '07:00', end: '15:00' };

/**
 * A new shift type of the ward (Day unless told), the admin as rostered staff, and a draft of one January week
 * holding the cells `cells(id)` names.
 */
async function shiftTypeAndDraft(
  { server, installation }: FreshInstallation,
  face: Face,
  cells: (id: number) => { userId: number; date: string; shiftTypeId: number }[] = () => [],
  type: Record<string, string> = DAY,
): Promise<{ id: number; scheduleId: number }> {
  const created = await callRoute(installation.admin, face, ROUTES.createShiftType, type);
  const id = created.body.shiftType.id as number;
  await insertProfile(server, installation.adminId, ['nurse']);
  const scheduleId = await scheduleWith(installation.admin, { startDate: '2027-01-04', endDate: '2027-01-10' }, cells(id), false);
  return { id, scheduleId };
}

describe.each(FACES)('deleting a shift type a schedule uses (%s)', (face) => {
  const fresh = useFreshInstallation();
  const { server, installation } = fresh;

  it('answers 409 shift_type_in_use and keeps it; deactivating it still works', async () => {
    const admin = installation.admin;
    const { id, scheduleId } = await shiftTypeAndDraft(fresh, face, (id) => [{ userId: installation.adminId, date: '2027-01-05', shiftTypeId: id }]);
    const refused = await callRoute(admin, face, ROUTES.deleteShiftType, { id });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('shift_type_in_use');
    expect(await server.em().count(ShiftType, { id })).toBe(1);
    const deactivated = await callRoute(admin, face, ROUTES.updateShiftType, { id, active: false });
    expect(deactivated.body.shiftType.active).toBe(false);
    // Once the draft that used it is gone, nothing holds the shift type any more.
    expect((await callRoute(admin, face, SCHEDULE_ROUTES.deleteSchedule, { id: scheduleId })).status).toBe(200);
    expect((await callRoute(admin, face, ROUTES.deleteShiftType, { id })).status).toBe(200);
  });

  it("answers 409 shift_type_in_use while a draft's carry-in names it as someone's last shift, and deletes it once that draft is gone", async () => {
    const admin = installation.admin;
    const { id, scheduleId } = await shiftTypeAndDraft(fresh, face, undefined, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
    const carryIn = [{ userId: installation.adminId, lastShiftTypeId: id, consecutiveWorkingDays: 1, consecutiveDaysOff: 0, consecutiveSameShift: 1 }];
    expect((await callRoute(admin, face, SCHEDULE_ROUTES.setCarryIn, { id: scheduleId, version: 1, carryIn })).status).toBe(200);
    const refused = await callRoute(admin, face, ROUTES.deleteShiftType, { id });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('shift_type_in_use');
    expect(await server.em().count(ShiftType, { id })).toBe(1);
    expect(await server.em().count(ScheduleCarryIn, { lastShiftType: id })).toBe(1);
    expect((await callRoute(admin, face, SCHEDULE_ROUTES.deleteSchedule, { id: scheduleId })).status).toBe(200);
    expect((await callRoute(admin, face, ROUTES.deleteShiftType, { id })).status).toBe(200);
    expect(await server.em().count(ShiftType, { id })).toBe(0);
  });

  it('answers 409 shift_type_in_use, not 500, when a cell holding it is committed after the check and before the delete', async () => {
    const admin = installation.admin;
    const { id, scheduleId } = await shiftTypeAndDraft(fresh, face);

    // Another transaction writes the cell and stays open: the delete's check cannot see the cell, and the delete
    // then waits on the shift type's row until that transaction commits.
    const writer = new pg.Client({ connectionString: server.database.url });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query(`insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned) values ($1, $2, '2027-01-05', $3, 'nurse', false)`, [
        scheduleId,
        installation.adminId,
        id,
      ]);
      const deleting = callRoute(admin, face, ROUTES.deleteShiftType, { id });
      await untilALockIsAwaited(writer);
      await writer.query('commit');
      const refused = await deleting;
      expect(refused.status).toBe(409);
      expect(refused.code).toBe('shift_type_in_use');
    } finally {
      await writer.end();
    }
    expect(await server.em().count(ShiftType, { id })).toBe(1);
    expect(await server.em().count(Assignment, { shiftType: id })).toBe(1);
  });
});

describe.each(FACES)('writing a cell while its shift type is being deleted (%s)', (face) => {
  const fresh = useFreshInstallation();
  const { server, installation } = fresh;

  it('answers 400 invalid_assignment, not 500, once the delete commits, and writes nothing', async () => {
    const admin = installation.admin;
    const { id, scheduleId } = await shiftTypeAndDraft(fresh, face);
    const version = (await callRoute(admin, face, SCHEDULE_ROUTES.readSchedule, { id: scheduleId })).body.schedule.version as number;

    // Another transaction deletes the shift type and stays open: the edit must wait for it, then find the type gone.
    const deleter = new pg.Client({ connectionString: server.database.url });
    await deleter.connect();
    try {
      await deleter.query('begin');
      await deleter.query('delete from shift_type where id = $1', [id]);
      const writing = callRoute(admin, face, SCHEDULE_ROUTES.setAssignments, {
        id: scheduleId,
        version,
        set: [{ userId: installation.adminId, date: '2027-01-05', shiftTypeId: id }],
      });
      await untilALockIsAwaited(deleter);
      await deleter.query('commit');
      const refused = await writing;
      expect([refused.status, refused.code]).toEqual([400, 'invalid_assignment']);
    } finally {
      await deleter.end();
    }
    expect(await server.em().count(Assignment, {})).toBe(0);
    expect(await server.em().count(ShiftType, { id })).toBe(0);
  });
});
