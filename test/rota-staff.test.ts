import { beforeEach, describe, expect, it } from '@jest/globals';
import { StaffProfile } from '../server/db/entities/staff-profile.js';
import { User } from '../server/db/entities/user.js';
import { callRoute, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { useFreshInstallation } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

describe.each(FACES)('staff profiles (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });
  let people: RotaPeople;
  let contractId: number;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    contractId = (await callRoute(people.manager.client, face, ROUTES.createContract, { name: 'Full time' })).body.contract.id;
  });
  const as = (client = people.manager.client, ward?: number) => ({
    list: () => callRoute(client, face, ROUTES.listStaff, undefined, { ward }),
    set: (userId: number, body: Record<string, unknown>) => callRoute(client, face, ROUTES.setProfile, { userId, ...body }, { ward }),
    remove: (userId: number) => callRoute(client, face, ROUTES.removeProfile, { userId }, { ward }),
  });
  const profiles = () => server.em().count(StaffProfile, {});

  it('lists every account of the ward, managers and inactive ones too, with empty profiles where none is set', async () => {
    await server.em().nativeUpdate(User, { id: people.colleague.id }, { active: false });
    const answer = await as(people.employee.client).list();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      staff: [
        { userId: installation.adminId, name: 'Head Admin', username: 'admin', role: 'manager', skills: [], contractId: null, active: true },
        { userId: people.manager.id, name: 'Head Nurse', username: 'head', role: 'manager', skills: [], contractId: null, active: true },
        { userId: people.employee.id, name: 'Sara', username: 'sara', role: 'employee', skills: [], contractId: null, active: true },
        { userId: people.colleague.id, name: 'Reza', username: 'reza', role: 'employee', skills: [], contractId: null, active: false },
      ],
    });
    expect(answer.body.staff.map((s: { userId: number }) => s.userId)).not.toContain(people.otherEmployee.id);
  });

  it('sets a profile with PUT, answering { staffMember }, and replaces it on a second PUT', async () => {
    const answer = await as().set(people.employee.id, { skills: [' head nurse ', 'nurse'], contractId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      staffMember: { userId: people.employee.id, name: 'Sara', username: 'sara', role: 'employee', skills: ['head nurse', 'nurse'], contractId, active: true },
    });
    const replaced = await as().set(people.employee.id, { skills: ['nurse'] });
    expect(replaced.body.staffMember).toMatchObject({ skills: ['nurse'], contractId: null });
    expect((await as().list()).body.staff.find((s: { userId: number }) => s.userId === people.employee.id)).toMatchObject({ skills: ['nurse'], contractId: null });
    expect(await profiles()).toBe(1);
  });

  it('gives a head nurse a profile of their own (head nurses work shifts too)', async () => {
    expect((await as().set(people.manager.id, { skills: ['head nurse'], contractId })).status).toBe(200);
  });

  it('removes a profile with DELETE, leaving the account', async () => {
    await as().set(people.employee.id, { skills: ['nurse'], contractId });
    const answer = await as().remove(people.employee.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await profiles()).toBe(0);
    expect(await server.em().count(User, { id: people.employee.id })).toBe(1);
    expect((await as().list()).body.staff.find((s: { userId: number }) => s.userId === people.employee.id)).toMatchObject({ skills: [], contractId: null });
  });

  it('answers 404 user_not_found for an account of another ward or an unknown id, on PUT and DELETE', async () => {
    for (const userId of [people.otherEmployee.id, 999_999]) {
      for (const answer of [await as().set(userId, { skills: ['nurse'] }), await as().remove(userId)]) {
        expect({ userId, status: answer.status, code: answer.code }).toEqual({ userId, status: 404, code: 'user_not_found' });
      }
    }
    expect(await profiles()).toBe(0);
    // The super admin reaches that account by selecting its ward.
    expect((await as(people.admin, people.otherWardId).set(people.otherEmployee.id, { skills: ['nurse'] })).status).toBe(200);
  });

  it.each([
    ['no skills', { skills: [] }, 'skills'],
    ['11 skills', { skills: Array.from({ length: 11 }, (_, i) => `s${i}`) }, 'skills'],
    ['a blank skill', { skills: ['nurse', '  '] }, 'skills.1'],
    ['a 51-character skill', { skills: ['s'.repeat(51)] }, 'skills.0'],
    ['a repeated skill', { skills: ['nurse', 'nurse'] }, 'skills'],
    ['a contract id as text', { skills: ['nurse'], contractId: '1' }, 'contractId'],
    ['missing skills', { contractId: null }, 'skills'],
  ])('refuses %s with 400 invalid_input and sets nothing', async (_, body, path) => {
    const answer = await as().set(people.employee.id, body);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await profiles()).toBe(0);
  });

  it('accepts 10 skills of 50 characters', async () => {
    const skills = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(50, 'ن'));
    expect((await as().set(people.employee.id, { skills })).body.staffMember.skills).toEqual(skills);
  });

  it('lets employees read the staff list but not set or remove profiles (403 forbidden)', async () => {
    const employee = as(people.employee.client);
    expect((await employee.list()).status).toBe(200);
    for (const answer of [await employee.set(people.employee.id, { skills: ['nurse'] }), await employee.remove(people.employee.id)]) {
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('forbidden');
    }
    expect(await profiles()).toBe(0);
  });

});
