import { beforeEach, describe, expect, it, jest } from '@jest/globals';

// Schedules are not stored yet, so what counts as "used by a schedule" is one function that their work
// completes (server/services/rota/shift-types/shift-type-in-use.ts). Here it names one shift type as used.
const used = new Set<number>();
jest.unstable_mockModule('../server/services/rota/shift-types/shift-type-in-use.js', () => ({
  shiftTypeInUse: async (_em: unknown, id: number) => used.has(id),
}));

const { ShiftType } = await import('../server/db/entities/shift-type.js');
const { useFreshInstallation } = await import('./support/suite.js');
const { quickHasher } = await import('./support/quick-hasher.js');
const { callRoute, FACES, ROUTES } = await import('./support/rota-api.js');

describe.each(FACES)('deleting a shift type a schedule uses (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });
  beforeEach(() => used.clear());

  it('answers 409 shift_type_in_use and keeps it; deactivating it still works', async () => {
    const admin = installation.admin;
    const created = await callRoute(admin, face, ROUTES.createShiftType, { code: 'D', name: 'Day', start: '07:00', end: '15:00' });
    const id = created.body.shiftType.id as number;
    used.add(id);
    const refused = await callRoute(admin, face, ROUTES.deleteShiftType, { id });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('shift_type_in_use');
    expect(await server.em().count(ShiftType, { id })).toBe(1);
    const deactivated = await callRoute(admin, face, ROUTES.updateShiftType, { id, active: false });
    expect(deactivated.body.shiftType.active).toBe(false);
    used.clear();
    expect((await callRoute(admin, face, ROUTES.deleteShiftType, { id })).status).toBe(200);
  });
});
