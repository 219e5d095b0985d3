import { describe, expect, it, jest } from '@jest/globals';

// Schedules are not stored yet, so "a date inside a published schedule" is one function that their work
// completes (server/services/rota/schedules/published-schedule-covers.ts). Here December 2026 is published.
jest.unstable_mockModule('../server/services/rota/schedules/published-schedule-covers.js', () => ({
  publishedScheduleCovers: async (_em: unknown, _wardId: number, date: string) => date.startsWith('2026-12-'),
}));

const { RotaRequest } = await import('../server/db/entities/rota-request.js');
const { useFreshInstallation } = await import('./support/suite.js');
const { quickHasher } = await import('./support/quick-hasher.js');
const { callRoute, createdStatus, FACES, ROUTES } = await import('./support/rota-api.js');

describe.each(FACES)('preferences inside a published schedule (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });

  it('are refused with 409 schedule_published, while leave requests and other days are not', async () => {
    const admin = installation.admin;
    const refused = await callRoute(admin, face, ROUTES.createRequest, { kind: 'day_off', date: '2026-12-03' });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('schedule_published');
    expect(await server.em().count(RotaRequest, {})).toBe(0);
    expect((await callRoute(admin, face, ROUTES.createRequest, { kind: 'day_off', date: '2027-01-03' })).status).toBe(createdStatus(face));
    expect((await callRoute(admin, face, ROUTES.createRequest, { kind: 'leave', date: '2026-12-03', endDate: '2026-12-04' })).status).toBe(createdStatus(face));
  });

  it('stay as they are: cancelling one is refused with 409 schedule_published', async () => {
    const em = server.em();
    const now = server.clock.now();
    const request = em.create(RotaRequest, {
      ward: installation.wardId, user: installation.adminId, kind: 'day_off', date: '2026-12-05', endDate: '2026-12-05', status: 'active', createdAt: now, updatedAt: now,
    });
    await em.flush();
    const refused = await callRoute(installation.admin, face, ROUTES.cancelRequest, { id: request.id });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('schedule_published');
    expect((await server.em().findOneOrFail(RotaRequest, request.id)).status).toBe('active');
  });
});
