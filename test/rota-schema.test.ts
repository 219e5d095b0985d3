import { describe, expect, it } from '@jest/globals';
import { Contract } from '../server/db/entities/contract.js';
import { CoverageRequirement } from '../server/db/entities/coverage-requirement.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { StaffProfile } from '../server/db/entities/staff-profile.js';
import { User } from '../server/db/entities/user.js';
import { Ward } from '../server/db/entities/ward.js';
import { useFreshInstallation } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

// What the database itself guarantees under the rota's rules, whatever the services do.
describe('the rota tables', () => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });

  async function shiftType(code: string) {
    const em = server.em();
    const now = server.clock.now();
    const type = em.create(ShiftType, {
      ward: em.getReference(Ward, installation.wardId),
      code,
      codeKey: code.toLowerCase(),
      name: code,
      startMinute: 420,
      endMinute: 900,
      minConsecutive: 1,
      maxConsecutive: 28,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return type.id;
  }

  function coverageRow(shiftTypeId: number, row: { weekday?: number; date?: string }) {
    const em = server.em();
    em.create(CoverageRequirement, {
      ward: em.getReference(Ward, installation.wardId),
      shiftType: em.getReference(ShiftType, shiftTypeId),
      skill: 'nurse',
      weekday: row.weekday ?? null,
      date: row.date ?? null,
      minimum: 1,
      optimal: 2,
    });
    return em.flush();
  }

  it('keep shift type codes unique in a ward regardless of letter case', async () => {
    await shiftType('D');
    await expect(shiftType('d')).rejects.toThrow(/shift_type_ward_code_key_unique/);
  });

  it('allow one coverage row per (shift type, skill, weekday) and per (shift type, skill, date), weekday and date rows side by side', async () => {
    const day = await shiftType('D');
    await coverageRow(day, { weekday: 1 });
    await coverageRow(day, { date: '2026-12-01' });
    await coverageRow(day, { date: '2026-12-02' });
    await coverageRow(day, { weekday: 2 });
    await expect(coverageRow(day, { weekday: 1 })).rejects.toThrow(/coverage_requirement_weekday_unique/);
    await expect(coverageRow(day, { date: '2026-12-01' })).rejects.toThrow(/coverage_requirement_date_unique/);
    expect(await server.em().count(CoverageRequirement, {})).toBe(4);
  });

  it('keep dates as ISO date strings', async () => {
    const day = await shiftType('D');
    await coverageRow(day, { date: '2028-02-29' });
    const row = await server.em().findOneOrFail(CoverageRequirement, { date: { $ne: null } });
    expect(row.date).toBe('2028-02-29');
  });

  it('refuse to delete a contract that a staff profile uses', async () => {
    const em = server.em();
    const now = server.clock.now();
    const limits = { minAssignments: 0, maxAssignments: 20, minConsecutiveWorkingDays: 1, maxConsecutiveWorkingDays: 5 };
    const contract = em.create(Contract, {
      ward: em.getReference(Ward, installation.wardId),
      name: 'Full time',
      nameKey: 'full time',
      ...limits,
      minConsecutiveDaysOff: 1,
      maxConsecutiveDaysOff: 3,
      maxWorkingWeekends: 2,
      completeWeekends: true,
      createdAt: now,
      updatedAt: now,
    });
    em.create(StaffProfile, { user: em.getReference(User, installation.adminId), skills: ['nurse'], contract, createdAt: now, updatedAt: now });
    await em.flush();
    await expect(server.em().nativeDelete(Contract, { id: contract.id })).rejects.toThrow(/staff_profile_contract_id_foreign/);
  });
});
