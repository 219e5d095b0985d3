import { beforeEach, describe, expect, it } from '@jest/globals';
import { User } from '../server/db/entities/user.js';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { callerFor } from './support/caller.js';
import { insertSignedInUser, insertWard } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const SARA = { name: 'Sara Ahmadi', username: 'Sara', password: 'initial-pass-1' };

// The user object's listed fields: anything else in a listing would be a leak.
const USER_FIELDS = ['id', 'name', 'username', 'role', 'mustChangePassword', 'isSuperAdmin', 'wardId', 'active', 'email', 'category', 'title', 'gender'];

/** An email address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const fixed = `nurse@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.`.length + '.com'.length;
  return `nurse@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - fixed)}.com`;
}

describe('staff accounts', () => {
  const { server, installation } = useFreshInstallation();
  let otherWardId: number;

  beforeEach(async () => {
    otherWardId = await insertWard(server, installation.hospitalId, 'Surgery');
  });

  const userCount = () => server.em().count(User, {});

  async function headNurse(wardId = installation.wardId) {
    const { client } = await insertSignedInUser(server, installation, { wardId, username: `head${wardId}`, password: 'head-nurse-1', role: 'manager' });
    return client;
  }

  describe('POST /api/employees', () => {
    it('creates an employee in the home ward who must change the initial password, and answers 201 { id, username }', async () => {
      const response = await installation.admin.post('/api/employees', { ...SARA, email: 'sara@example.com', category: 'nurse', title: 'RN' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(Number), username: 'Sara' });

      const user = await server.em().findOneOrFail(User, response.body.id, { populate: ['passwordHash'] });
      expect(user).toMatchObject({ role: 'employee', mustChangePassword: true, active: true, isSuperAdmin: false, usernameKey: usernameKey('sara') });
      expect(user).toMatchObject({ email: 'sara@example.com', category: 'nurse', title: 'RN', name: 'Sara Ahmadi' });
      expect(user.ward.id).toBe(installation.wardId);
      expect(user.hospital.id).toBe(installation.hospitalId);
      expect(user.passwordHash).not.toContain(SARA.password);
      expect(await server.services.hasher.verify(user.passwordHash, SARA.password)).toBe(true);

      const login = await server.client().post('/api/auth/login', { username: 'sara', password: SARA.password });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ username: 'Sara', role: 'employee', mustChangePassword: true });
    });

    it('creates the employee in the ward selected with X-Ward or ?ward=', async () => {
      const byHeader = await installation.admin.post('/api/employees', SARA, { headers: { 'X-Ward': String(otherWardId) } });
      expect(byHeader.status).toBe(201);
      const byQuery = await installation.admin.post(`/api/employees?ward=${otherWardId}`, { ...SARA, username: 'reza' });
      expect(byQuery.status).toBe(201);
      const em = server.em();
      expect((await em.findOneOrFail(User, byHeader.body.id)).ward.id).toBe(otherWardId);
      expect((await em.findOneOrFail(User, byQuery.body.id)).ward.id).toBe(otherWardId);
    });

    it('lets a head nurse provision in their own ward', async () => {
      const manager = await headNurse();
      const response = await manager.post('/api/employees', SARA);
      expect(response.status).toBe(201);
      expect((await server.em().findOneOrFail(User, response.body.id)).ward.id).toBe(installation.wardId);
    });

    it('answers 403 forbidden to an employee and creates nothing', async () => {
      const { client: employee } = await insertSignedInUser(server, installation, { username: 'emp', password: 'employee-1' });
      const before = await userCount();
      const response = await employee.post('/api/employees', SARA);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: expect.any(String), code: 'forbidden' });
      expect(await userCount()).toBe(before);
    });

    it('answers 403 ward_forbidden to a head nurse selecting another ward or one that does not exist, and creates nothing', async () => {
      const manager = await headNurse();
      const before = await userCount();
      for (const ward of [String(otherWardId), '999999']) {
        const response = await manager.post('/api/employees', SARA, { headers: { 'X-Ward': ward } });
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('ward_forbidden');
      }
      expect(await userCount()).toBe(before);
    });

    it('answers 400 invalid_input to a non-numeric ward selection', async () => {
      const response = await installation.admin.post('/api/employees', SARA, { headers: { 'X-Ward': 'icu' } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
    });

    it('answers 401 unauthenticated without a session', async () => {
      const response = await server.client().post('/api/employees', SARA);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthenticated');
    });

    it('answers 409 username_taken for a username in use in any letter case, and creates nothing', async () => {
      expect((await installation.admin.post('/api/employees', SARA)).status).toBe(201);
      const before = await userCount();
      for (const username of ['SARA', 'sara', 'ADMIN']) {
        const response = await installation.admin.post('/api/employees', { ...SARA, username });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ error: expect.any(String), code: 'username_taken' });
      }
      expect(await userCount()).toBe(before);
    });

    it('lets exactly one of 10 concurrent provisions of one username succeed, and keeps one row', async () => {
      const spellings = ['nurse', 'Nurse', 'NURSE', 'nUrse', 'nuRse', 'nurSe', 'nursE', 'NUrse', 'nuRSE', 'Nurse'];
      const responses = await Promise.all(spellings.map((username) => installation.admin.post('/api/employees', { ...SARA, username })));
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((r) => r.status === 409)) expect(response.body.code).toBe('username_taken');
      expect(await server.em().count(User, { usernameKey: usernameKey('nurse') })).toBe(1);
    });

    it.each([
      ['a password of 5 characters', { password: '12345' }, 'password'],
      ['a password of 201 characters', { password: 'p'.repeat(201) }, 'password'],
      ['a password of 5 emoji (10 UTF-16 units)', { password: '😀'.repeat(5) }, 'password'],
      ['a password of 201 emoji', { password: '😀'.repeat(201) }, 'password'],
      ['a missing password', { password: undefined }, 'password'],
      ['a missing name', { name: undefined }, 'name'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a 201-character name', { name: 'n'.repeat(201) }, 'name'],
      ['a missing username', { username: undefined }, 'username'],
      ['a two-character username', { username: 'ab' }, 'username'],
      ['a 65-character username', { username: 'u'.repeat(65) }, 'username'],
      ['a username with a space', { username: 'sara ahmadi' }, 'username'],
      ['a username with an @', { username: 'sara@ward' }, 'username'],
      ['an email that is not an address', { email: 'not-an-email' }, 'email'],
      ['a 255-character email', { email: emailOfLength(255) }, 'email'],
      ['an email that is a number', { email: 42 }, 'email'],
      ['a 101-character category', { category: 'c'.repeat(101) }, 'category'],
      ['a 101-character title', { title: 't'.repeat(101) }, 'title'],
    ])('rejects %s with 400 invalid_input naming the field, and creates nothing', async (_, change, field) => {
      const before = await userCount();
      const response = await installation.admin.post('/api/employees', { ...SARA, ...change });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
      expect(response.body.issues).toEqual(expect.arrayContaining([{ path: field, message: expect.any(String) }]));
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['a password of 6 characters', { password: '123456' }],
      ['a password of 200 characters', { password: 'p'.repeat(200) }],
      ['a password of 6 emoji', { password: '😀'.repeat(6) }],
      ['a password of 200 emoji (400 UTF-16 units)', { password: '😀'.repeat(200) }],
      ['a password with surrounding spaces', { password: '  spaced  ' }],
      ['a 254-character email', { email: emailOfLength(254) }],
      ['a 100-character category and title', { category: 'c'.repeat(100), title: '😀'.repeat(100) }],
      ['a 64-character username in Persian', { username: 'س'.repeat(64) }],
    ])('accepts %s, and the password signs in as given', async (_, change) => {
      const body = { ...SARA, ...change };
      const response = await installation.admin.post('/api/employees', body);
      expect(response.status).toBe(201);
      const login = await server.client().post('/api/auth/login', { username: body.username, password: body.password });
      expect(login.status).toBe(200);
    });

    it('never trims a password: only the padded password as given signs in', async () => {
      expect((await installation.admin.post('/api/employees', { ...SARA, password: '  spaced  ' })).status).toBe(201);
      expect((await server.client().post('/api/auth/login', { username: SARA.username, password: 'spaced' })).status).toBe(401);
      expect((await server.client().post('/api/auth/login', { username: SARA.username, password: ' spaced ' })).status).toBe(401);
      expect((await server.client().post('/api/auth/login', { username: SARA.username, password: '  spaced  ' })).status).toBe(200);
    });

    it('trims names and labels, and leaves blank optional fields absent', async () => {
      const response = await installation.admin.post('/api/employees', { ...SARA, name: '  Sara  ', username: ' sara ', category: '   ', title: ' RN ', email: null });
      expect(response.status).toBe(201);
      expect(response.body.username).toBe('sara');
      const user = await server.em().findOneOrFail(User, response.body.id);
      expect(user).toMatchObject({ name: 'Sara', username: 'sara', category: null, title: 'RN', email: null });
    });

    it('provisions through the tRPC caller in the ward the selection names', async () => {
      const { caller } = await callerFor(server, installation.adminId, { wardSelection: String(otherWardId) });
      const created = await caller.employees.create(SARA);
      expect(created).toEqual({ id: expect.any(Number), username: 'Sara' });
      const user = await server.em().findOneOrFail(User, { usernameKey: usernameKey('Sara') });
      expect(user.ward.id).toBe(otherWardId);
      await expect(caller.employees.create({ ...SARA, username: 'SARA' })).rejects.toMatchObject({ cause: { code: 'username_taken' } });
    });
  });

  describe('GET /api/employees', () => {
    async function populateWards() {
      const sara = await installation.admin.post('/api/employees', { ...SARA, email: 'sara@example.com', category: 'nurse', title: 'RN' });
      const reza = await installation.admin.post('/api/employees', { ...SARA, username: 'reza', name: 'Reza' }, { headers: { 'X-Ward': String(otherWardId) } });
      return { saraId: sara.body.id as number, rezaId: reza.body.id as number };
    }

    it("lists the selected ward's accounts as user objects without any secret field", async () => {
      const { saraId } = await populateWards();
      const response = await installation.admin.get('/api/employees');
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['employees']);
      expect(response.body.employees.map((u: { id: number }) => u.id)).toEqual([installation.adminId, saraId]);
      expect(response.body.employees[1]).toEqual({
        id: saraId,
        name: 'Sara Ahmadi',
        username: 'Sara',
        role: 'employee',
        mustChangePassword: true,
        isSuperAdmin: false,
        wardId: installation.wardId,
        active: true,
        email: 'sara@example.com',
        category: 'nurse',
        title: 'RN',
      });
      for (const user of response.body.employees) {
        for (const key of Object.keys(user)) expect(USER_FIELDS).toContain(key);
      }
      expect(response.text).not.toMatch(/argon2|sha256-test|passwordHash|usernameKey|tokenHash|initial-pass-1/);
    });

    it('lists the ward chosen with X-Ward for the super admin', async () => {
      const { rezaId } = await populateWards();
      const response = await installation.admin.get('/api/employees', { headers: { 'X-Ward': String(otherWardId) } });
      expect(response.status).toBe(200);
      expect(response.body.employees.map((u: { id: number }) => u.id)).toEqual([rezaId]);
    });

    it('shows a head nurse their own ward only: another ward is 403 ward_forbidden', async () => {
      await populateWards();
      const manager = await headNurse(otherWardId);
      const own = await manager.get('/api/employees');
      expect(own.status).toBe(200);
      expect(own.body.employees.map((u: { username: string }) => u.username)).toEqual(['reza', `head${otherWardId}`]);
      const other = await manager.get(`/api/employees?ward=${installation.wardId}`);
      expect(other.status).toBe(403);
      expect(other.body.code).toBe('ward_forbidden');
    });

    it('answers 403 forbidden to an employee and 401 without a session', async () => {
      const { client: employee } = await insertSignedInUser(server, installation, { username: 'emp', password: 'employee-1' });
      expect((await employee.get('/api/employees')).body.code).toBe('forbidden');
      expect((await employee.get('/api/employees')).status).toBe(403);
      expect((await server.client().get('/api/employees')).status).toBe(401);
    });

    it('lists through the tRPC caller', async () => {
      const { saraId } = await populateWards();
      const { caller } = await callerFor(server, installation.adminId);
      const { employees } = await caller.employees.list();
      expect(employees.map((u) => u.id)).toEqual([installation.adminId, saraId]);
    });
  });
});
