import { describe, expect, it } from '@jest/globals';
import { ScheduleCarryIn } from '../server/db/entities/schedule-carry-in.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { callRoute, FACES, ROUTES } from './support/rota-api.js';
import { insertProfile, SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

describe.each(FACES)('deleting a shift type a schedule uses (%s)', (face) => {
  const { server, installation } = useFreshInstallation();

  it('answers 409 shift_type_in_use and keeps it; deactivating it still works', async () => {
    const admin = installation.admin;
    const created = await callRoute(admin, face, ROUTES.createShiftType, { code: 'D', name: 'Day', start: '07:00', end: '15:00' });
    const id = created.body.shiftType.id as number;
    await insertProfile(server, installation.adminId, ['nurse']);
    const scheduleId = await scheduleWith(admin, { startDate: '2027-01-04', endDate: '2027-01-10' }, [{ userId: installation.adminId, date: '2027-01-05', shiftTypeId: id }], false);
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
    const created = await callRoute(admin, face, ROUTES.createShiftType, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
    const id = created.body.shiftType.id as number;
    await insertProfile(server, installation.adminId, ['nurse']);
    const scheduleId = await scheduleWith(admin, { startDate: '2027-01-04', endDate: '2027-01-10' }, [], false);
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
});
