import { beforeEach, describe, expect, it } from '@jest/globals';
import { Contract } from '../server/db/entities/contract.js';
import { callRoute, createdStatus, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { useFreshInstallation } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

const FULL_TIME = {
  name: 'Full time',
  minAssignments: 15,
  maxAssignments: 22,
  minConsecutiveWorkingDays: 2,
  maxConsecutiveWorkingDays: 5,
  minConsecutiveDaysOff: 1,
  maxConsecutiveDaysOff: 3,
  maxWorkingWeekends: 2,
  completeWeekends: true,
};

describe.each(FACES)('contracts (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });
  let people: RotaPeople;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
  });
  const as = (client = people.manager.client, ward?: number) => ({
    list: () => callRoute(client, face, ROUTES.listContracts, undefined, { ward }),
    create: (body: Record<string, unknown>) => callRoute(client, face, ROUTES.createContract, body, { ward }),
    update: (id: number, body: Record<string, unknown>) => callRoute(client, face, ROUTES.updateContract, { id, ...body }, { ward }),
    remove: (id: number) => callRoute(client, face, ROUTES.deleteContract, { id }, { ward }),
    setProfile: (userId: number, body: Record<string, unknown>) => callRoute(client, face, ROUTES.setProfile, { userId, ...body }, { ward }),
    removeProfile: (userId: number) => callRoute(client, face, ROUTES.removeProfile, { userId }, { ward }),
  });
  const count = () => server.em().count(Contract, {});
  async function created(body: Record<string, unknown>, client = as()) {
    const answer = await client.create(body);
    expect(answer.status).toBe(createdStatus(face));
    return answer.body.contract as { id: number };
  }

  it('creates a contract, answering { contract }, and lists it to staff', async () => {
    const answer = await as().create(FULL_TIME);
    expect(answer.status).toBe(createdStatus(face));
    expect(answer.body).toEqual({ contract: { id: expect.any(Number), ...FULL_TIME } });
    const listed = await as(people.employee.client).list();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ contracts: [answer.body.contract] });
  });

  it('leaves rules that are not given unconstraining: minimums 0, maximums 62, no complete weekends', async () => {
    expect((await as().create({ name: 'Casual' })).body.contract).toEqual({
      id: expect.any(Number),
      name: 'Casual',
      minAssignments: 0,
      maxAssignments: 62,
      minConsecutiveWorkingDays: 0,
      maxConsecutiveWorkingDays: 62,
      minConsecutiveDaysOff: 0,
      maxConsecutiveDaysOff: 62,
      maxWorkingWeekends: 62,
      completeWeekends: false,
    });
  });

  it('changes the rules given with PATCH and keeps the others', async () => {
    const contract = await created(FULL_TIME);
    const answer = await as().update(contract.id, { name: 'Part time', maxAssignments: 12, minAssignments: 8, completeWeekends: false });
    expect(answer.status).toBe(200);
    expect(answer.body.contract).toEqual({ ...FULL_TIME, id: contract.id, name: 'Part time', maxAssignments: 12, minAssignments: 8, completeWeekends: false });
  });

  it.each([
    ['minAssignments above maxAssignments', { minAssignments: 23, maxAssignments: 22 }, 'maxAssignments'],
    ['minConsecutiveWorkingDays above the maximum', { minConsecutiveWorkingDays: 6, maxConsecutiveWorkingDays: 5 }, 'maxConsecutiveWorkingDays'],
    ['minConsecutiveDaysOff above the maximum', { minConsecutiveDaysOff: 4, maxConsecutiveDaysOff: 3 }, 'maxConsecutiveDaysOff'],
    ['a rule of 63', { maxWorkingWeekends: 63 }, 'maxWorkingWeekends'],
    ['a negative rule', { minAssignments: -1 }, 'minAssignments'],
    ['a fractional rule', { maxAssignments: 20.5 }, 'maxAssignments'],
    ['a rule as text', { maxAssignments: '20' }, 'maxAssignments'],
    ['completeWeekends as text', { completeWeekends: 'true' }, 'completeWeekends'],
    ['a blank name', { name: ' ' }, 'name'],
    ['a 101-character name', { name: 'c'.repeat(101) }, 'name'],
  ])('refuses %s with 400 invalid_input and creates nothing', async (_, change, path) => {
    const answer = await as().create({ ...FULL_TIME, ...change });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await count()).toBe(0);
  });

  it('refuses a PATCH that would leave a minimum above its maximum, changing nothing', async () => {
    const contract = await created(FULL_TIME);
    for (const body of [{ minAssignments: 23 }, { maxConsecutiveDaysOff: 0 }, { minConsecutiveWorkingDays: 6, name: 'Changed' }]) {
      const answer = await as().update(contract.id, body);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('invalid_input');
    }
    expect((await as().list()).body.contracts[0]).toEqual({ id: contract.id, ...FULL_TIME });
  });

  it('answers 409 contract_name_taken for a name in use in the ward in any letter case', async () => {
    await created(FULL_TIME);
    const other = await created({ name: 'Nights' });
    for (const answer of [await as().create({ name: 'FULL TIME' }), await as().update(other.id, { name: 'full time' })]) {
      expect(answer.status).toBe(409);
      expect(answer.code).toBe('contract_name_taken');
    }
    expect((await as(people.otherManager.client).create(FULL_TIME)).status).toBe(createdStatus(face));
  });

  it("answers 404 contract_not_found for an unknown id or another ward's, on PATCH, DELETE and in a profile", async () => {
    const foreign = await created(FULL_TIME, as(people.otherManager.client));
    for (const id of [foreign.id, 999_999]) {
      for (const answer of [await as().update(id, { name: 'x' }), await as().remove(id), await as().setProfile(people.employee.id, { skills: ['nurse'], contractId: id })]) {
        expect({ id, status: answer.status, code: answer.code }).toEqual({ id, status: 404, code: 'contract_not_found' });
      }
    }
    expect((await as(people.otherManager.client).list()).body.contracts).toEqual([{ id: foreign.id, ...FULL_TIME }]);
  });

  it('answers 409 contract_in_use while a profile uses it, and deletes it once none does', async () => {
    const contract = await created(FULL_TIME);
    expect((await as().setProfile(people.employee.id, { skills: ['nurse'], contractId: contract.id })).status).toBe(200);
    const refused = await as().remove(contract.id);
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('contract_in_use');
    expect(await count()).toBe(1);
    expect((await as().removeProfile(people.employee.id)).status).toBe(200);
    const removed = await as().remove(contract.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect(await count()).toBe(0);
  });

  it('limits a ward to 20 contracts', async () => {
    for (let i = 0; i < 20; i++) await created({ name: `C${i}` });
    const answer = await as().create({ name: 'C20' });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(await count()).toBe(20);
  });

  it('lets employees read but not change contracts (403 forbidden)', async () => {
    const contract = await created(FULL_TIME);
    const employee = as(people.employee.client);
    for (const answer of [await employee.create({ name: 'Mine' }), await employee.update(contract.id, { maxAssignments: 1 }), await employee.remove(contract.id)]) {
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('forbidden');
    }
    expect((await as().list()).body.contracts).toEqual([{ id: contract.id, ...FULL_TIME }]);
  });
});
