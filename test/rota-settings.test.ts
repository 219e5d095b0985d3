import { beforeEach, describe, expect, it } from '@jest/globals';
import { WardRotaSettings } from '../server/db/entities/ward-rota-settings.js';
import { callRoute, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { useFreshInstallation } from './support/suite.js';

const DEFAULT_WEIGHTS = {
  coverage_optimal: 30,
  consecutive_same_shift: 15,
  consecutive_working_days: 30,
  consecutive_days_off: 30,
  preference: 10,
  complete_weekend: 30,
  total_assignments: 20,
  working_weekends: 30,
};

describe.each(FACES)('ward rota settings (%s)', (face) => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
  });
  const read = (client = people.manager.client, ward?: number) => callRoute(client, face, ROUTES.readSettings, undefined, { ward });
  const replace = (body: Record<string, unknown>, client = people.manager.client, ward?: number) => callRoute(client, face, ROUTES.replaceSettings, body, { ward });

  it('answers the defaults before any are stored: a Friday weekend, no rest rule, the weights of docs/rota.md §7', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ weekendDays: [5], minRestHours: 0, weights: DEFAULT_WEIGHTS, swapApproval: 'manager' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('replaces the whole object: what PUT leaves out, also inside weights, takes its default', async () => {
    const first = await replace({ weekendDays: [6, 0], minRestHours: 11, weights: { preference: 50, coverage_optimal: 0 }, swapApproval: 'none' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ weekendDays: [6, 0], minRestHours: 11, weights: { ...DEFAULT_WEIGHTS, preference: 50, coverage_optimal: 0 }, swapApproval: 'none' });
    expect((await read()).body).toEqual(first.body);

    const second = await replace({ weights: { working_weekends: 1000 } });
    expect(second.body).toEqual({ weekendDays: [5], minRestHours: 0, weights: { ...DEFAULT_WEIGHTS, working_weekends: 1000 }, swapApproval: 'manager' });
    expect((await read()).body).toEqual(second.body);
    expect(await server.em().count(WardRotaSettings, {})).toBe(1);
  });

  it('keeps each ward its own settings', async () => {
    await replace({ weekendDays: [4, 5], minRestHours: 8 });
    expect((await read(people.otherManager.client)).body.weekendDays).toEqual([5]);
    expect((await read(people.admin, people.otherWardId)).body.minRestHours).toBe(0);
    expect((await read(people.admin)).body).toMatchObject({ weekendDays: [4, 5], minRestHours: 8 });
  });

  it.each([
    ['no weekend day', { weekendDays: [] }, 'weekendDays'],
    ['four weekend days', { weekendDays: [0, 1, 2, 3] }, 'weekendDays'],
    ['a repeated weekend day', { weekendDays: [5, 5] }, 'weekendDays'],
    ['weekday 7', { weekendDays: [7] }, 'weekendDays.0'],
    ['a weekday as text', { weekendDays: ['5'] }, 'weekendDays.0'],
    ['minRestHours 25', { minRestHours: 25 }, 'minRestHours'],
    ['an unknown swapApproval', { swapApproval: 'head' }, 'swapApproval'],
    ['minRestHours -1', { minRestHours: -1 }, 'minRestHours'],
    ['minRestHours 1.5', { minRestHours: 1.5 }, 'minRestHours'],
    ['minRestHours as text', { minRestHours: '8' }, 'minRestHours'],
    ['a weight of 1001', { weights: { preference: 1001 } }, 'weights.preference'],
    ['a weight as text', { weights: { preference: '10' } }, 'weights.preference'],
    ['an unknown weight', { weights: { overtime: 5 } }, 'weights'],
  ])('refuses %s with 400 invalid_input and keeps the stored settings', async (_, body, path) => {
    await replace({ minRestHours: 9 });
    const answer = await replace(body);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect((await read()).body.minRestHours).toBe(9);
  });

  it('is for managers: an employee gets 403 forbidden on both GET and PUT', async () => {
    for (const answer of [await read(people.employee.client), await replace({ minRestHours: 3 }, people.employee.client)]) {
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('forbidden');
    }
    expect(await server.em().count(WardRotaSettings, {})).toBe(0);
  });

  it("refuses a head nurse another ward's settings with 403 ward_forbidden", async () => {
    const answer = await replace({ minRestHours: 3 }, people.manager.client, people.otherWardId);
    expect(answer.status).toBe(403);
    expect(answer.code).toBe('ward_forbidden');
  });
});
