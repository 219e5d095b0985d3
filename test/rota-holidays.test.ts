import { beforeEach, describe, expect, it } from '@jest/globals';
import { Holiday } from '../server/db/entities/holiday.js';
import { callRoute, createdStatus, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { useFreshInstallation } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

describe.each(FACES)('hospital holidays (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });
  let people: RotaPeople;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
  });
  const as = (client = people.admin, ward?: number) => ({
    list: (input?: Record<string, unknown>) => callRoute(client, face, ROUTES.listHolidays, input, { ward }),
    create: (body: Record<string, unknown>) => callRoute(client, face, ROUTES.createHoliday, body, { ward }),
    remove: (date: string) => callRoute(client, face, ROUTES.deleteHoliday, { date }, { ward }),
  });
  const count = () => server.em().count(Holiday, {});

  it('lets the super admin add holidays (201 { holiday }) that every ward and employee of the hospital sees, in date order', async () => {
    const answer = await as().create({ date: '2027-03-21', name: ' Nowruz ' });
    expect(answer.status).toBe(createdStatus(face));
    expect(answer.body).toEqual({ holiday: { date: '2027-03-21', name: 'Nowruz' } });
    await as().create({ date: '2027-02-10', name: 'Revolution Day' });
    const expected = { holidays: [{ date: '2027-02-10', name: 'Revolution Day' }, { date: '2027-03-21', name: 'Nowruz' }] };
    for (const client of [people.employee.client, people.otherEmployee.client, people.manager.client]) {
      const listed = await as(client).list();
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual(expected);
    }
  });

  it('renames the holiday when its date is added again', async () => {
    await as().create({ date: '2027-03-21', name: 'Nowruz' });
    expect((await as().create({ date: '2027-03-21', name: 'Nowruz 1406' })).status).toBe(createdStatus(face));
    expect((await as().list()).body.holidays).toEqual([{ date: '2027-03-21', name: 'Nowruz 1406' }]);
  });

  it('limits the list with from and to', async () => {
    for (const date of ['2027-01-01', '2027-02-10', '2027-03-21']) await as().create({ date, name: date });
    const dates = async (input: Record<string, unknown>) => (await as().list(input)).body.holidays.map((h: { date: string }) => h.date);
    expect(await dates({ from: '2027-02-01' })).toEqual(['2027-02-10', '2027-03-21']);
    expect(await dates({ from: '2027-01-01', to: '2027-02-10' })).toEqual(['2027-01-01', '2027-02-10']);
  });

  it('removes a holiday with DELETE, and answers 404 not_found for a date that is not one', async () => {
    await as().create({ date: '2027-03-21', name: 'Nowruz' });
    const answer = await as().remove('2027-03-21');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await count()).toBe(0);
    const again = await as().remove('2027-03-21');
    expect(again.status).toBe(404);
    expect(again.code).toBe('not_found');
  });

  it.each([
    ['a date that does not exist', { date: '2026-02-30', name: 'x' }, 'date'],
    ['a date that is not ISO', { date: '21/03/2027', name: 'x' }, 'date'],
    ['a blank name', { date: '2027-03-21', name: ' ' }, 'name'],
    ['a 201-character name', { date: '2027-03-21', name: 'h'.repeat(201) }, 'name'],
  ])('refuses %s with 400 invalid_input', async (_, body, path) => {
    const answer = await as().create(body);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await count()).toBe(0);
  });

  it('refuses to delete 2026-02-30 with 400 invalid_input', async () => {
    const answer = await as().remove('2026-02-30');
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
  });

  it('lets only the super admin change holidays: a head nurse and an employee get 403 forbidden', async () => {
    await as().create({ date: '2027-03-21', name: 'Nowruz' });
    for (const client of [people.manager.client, people.employee.client]) {
      for (const answer of [await as(client).create({ date: '2027-04-01', name: 'x' }), await as(client).remove('2027-03-21')]) {
        expect(answer.status).toBe(403);
        expect(answer.code).toBe('forbidden');
      }
    }
    expect((await as().list()).body.holidays).toEqual([{ date: '2027-03-21', name: 'Nowruz' }]);
  });
});
