import { describe, expect, it } from '@jest/globals';
import { RotaRequest } from '../server/db/entities/rota-request.js';
import { callRoute, createdStatus, FACES, ROUTES } from './support/rota-api.js';
import { SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { scheduleWith } from './support/views-api.js';

const DECEMBER = { startDate: '2026-12-01', endDate: '2026-12-31' };

describe.each(FACES)('preferences inside a published schedule (%s)', (face) => {
  const { server, installation } = useFreshInstallation();
  const ask = (body: Record<string, unknown>) => callRoute(installation.admin, face, ROUTES.createRequest, body);
  // An empty roster breaks no hard rule, so December publishes without accepting violations.
  const publishDecember = async () => {
    const id = await scheduleWith(installation.admin, DECEMBER, [], false);
    expect((await callRoute(installation.admin, face, SCHEDULE_ROUTES.publishSchedule, { id })).status).toBe(200);
  };

  it('are refused with 409 schedule_published, while leave requests and other days are not', async () => {
    await publishDecember();
    const refused = await ask({ kind: 'day_off', date: '2026-12-03' });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('schedule_published');
    expect(await server.em().count(RotaRequest, {})).toBe(0);
    expect((await ask({ kind: 'day_off', date: '2027-01-03' })).status).toBe(createdStatus(face));
    expect((await ask({ kind: 'leave', date: '2026-12-03', endDate: '2026-12-04' })).status).toBe(createdStatus(face));
  });

  it('stay as they are: cancelling one is refused with 409 schedule_published', async () => {
    const asked = await ask({ kind: 'day_off', date: '2026-12-05' });
    expect(asked.status).toBe(createdStatus(face));
    await publishDecember();
    const id = asked.body.request.id as number;
    const refused = await callRoute(installation.admin, face, ROUTES.cancelRequest, { id });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('schedule_published');
    expect((await server.em().findOneOrFail(RotaRequest, id)).status).toBe('active');
  });
});
