import { beforeEach, describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { User } from '../server/db/entities/user.js';
import { callerFor } from './support/caller.js';
import { ADMIN, insertSignedInUser, insertUser, insertWard, signIn } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const OLD = 'sara-pass-1';
const FRESH = 'fresh-start-1';

describe('password reset (POST /api/employees/{id}/password-reset)', () => {
  const { server, installation } = useFreshInstallation();
  let saraId: number;
  let surgeryId: number;

  beforeEach(async () => {
    surgeryId = await insertWard(server, installation.hospitalId, 'Surgery');
    saraId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: installation.wardId, username: 'sara', password: OLD });
  });

  const login = (username: string, password: string) => server.client().post('/api/auth/login', { username, password });
  const reset = (client: { post: typeof installation.admin.post }, id: number | string, password = FRESH) =>
    client.post(`/api/employees/${id}/password-reset`, { password });

  const headNurse = (wardId = installation.wardId) =>
    insertSignedInUser(server, installation, { wardId, username: `head${wardId}`, password: 'head-nurse-1', role: 'manager' });

  it('sets a new initial password that must be changed, and ends every session of the account', async () => {
    const phone = await signIn(server, 'sara', OLD);
    const laptop = await signIn(server, 'sara', OLD);
    const response = await reset(installation.admin, saraId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    for (const client of [phone, laptop]) {
      const me = await client.get('/api/me');
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('unauthenticated');
    }
    expect((await login('sara', OLD)).status).toBe(401);
    const fresh = await login('sara', FRESH);
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.mustChangePassword).toBe(true);
    expect((await server.em().findOneOrFail(User, saraId)).mustChangePassword).toBe(true);

    const events = await server.em().find(AuthEvent, { type: 'password_reset' });
    expect(events.map((e) => [e.user?.id, e.actor?.id])).toEqual([[saraId, installation.adminId]]);
  });

  it('leaves the sessions of the manager and of everyone else alone', async () => {
    const { client: reza } = await insertSignedInUser(server, installation, { username: 'reza', password: 'reza-pass-1' });
    await reset(installation.admin, saraId);
    expect((await installation.admin.get('/api/me')).status).toBe(200);
    expect((await reza.get('/api/me')).status).toBe(200);
  });

  it('lets a head nurse reset an account of their ward', async () => {
    const { client } = await headNurse();
    expect((await reset(client, saraId)).status).toBe(200);
    expect((await login('sara', FRESH)).status).toBe(200);
  });

  it('lets the super admin reset an account in any ward of the hospital', async () => {
    const rezaId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: surgeryId, username: 'reza', password: 'reza-pass-1' });
    expect((await reset(installation.admin, rezaId)).status).toBe(200);
    expect((await login('reza', FRESH)).status).toBe(200);
  });

  it('answers 404 user_not_found for an account in another ward, in another hospital, or none at all, and changes nothing', async () => {
    const em = server.em();
    const hospital = em.create(Hospital, { name: 'Other Hospital', createdAt: server.clock.now() });
    await em.flush();
    const foreignWard = await insertWard(server, hospital.id, 'Foreign');
    const foreignId = await insertUser(server, { hospitalId: hospital.id, wardId: foreignWard, username: 'foreign', password: 'foreign-pass-1' });
    const { client: surgeryHead } = await headNurse(surgeryId);
    const foreignSession = await signIn(server, 'foreign', 'foreign-pass-1');

    for (const [client, id] of [[surgeryHead, saraId], [installation.admin, foreignId], [installation.admin, 999_999]] as const) {
      const response = await reset(client, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: expect.any(String), code: 'user_not_found' });
    }
    expect((await login('sara', OLD)).status).toBe(200);
    expect((await foreignSession.get('/api/me')).status).toBe(200);
    expect(await server.em().count(AuthEvent, { type: 'password_reset' })).toBe(0);
  });

  it('answers 403 forbidden to a manager resetting their own password here, and changes nothing', async () => {
    const { id, client } = await headNurse();
    const response = await reset(client, id);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await login(`head${installation.wardId}`, 'head-nurse-1')).status).toBe(200);
    expect((await reset(installation.admin, installation.adminId)).status).toBe(403);
  });

  it("answers 403 forbidden to a head nurse resetting the super admin's password, so the ward's head cannot take over the hospital", async () => {
    const { client } = await headNurse();
    const response = await reset(client, installation.adminId);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await installation.admin.get('/api/me')).status).toBe(200);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('answers 403 forbidden to an employee', async () => {
    const { client: reza } = await insertSignedInUser(server, installation, { username: 'reza', password: 'reza-pass-1' });
    const response = await reset(reza, saraId);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await login('sara', OLD)).status).toBe(200);
  });

  it.each([
    ['a password of 5 characters', { password: '12345' }],
    ['a password of 201 emoji', { password: '😀'.repeat(201) }],
    ['a missing password', {}],
  ])('rejects %s with 400 invalid_input, and keeps the password and sessions', async (_, body) => {
    const session = await signIn(server, 'sara', OLD);
    const response = await installation.admin.post(`/api/employees/${saraId}/password-reset`, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
    expect(response.body.issues).toEqual(expect.arrayContaining([{ path: 'password', message: expect.any(String) }]));
    expect((await session.get('/api/me')).status).toBe(200);
    expect((await login('sara', OLD)).status).toBe(200);
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], ['99999999999']])('answers 400 invalid_input to the user id %s', async (id) => {
    const response = await reset(installation.admin, id);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
  });

  it('accepts a new password of 6 emoji', async () => {
    expect((await reset(installation.admin, saraId, '😀'.repeat(6))).status).toBe(200);
    expect((await login('sara', '😀'.repeat(6))).status).toBe(200);
  });

  it('resets through the tRPC caller', async () => {
    const session = await signIn(server, 'sara', OLD);
    const { caller } = await callerFor(server, installation.adminId);
    expect(await caller.employees.resetPassword({ id: saraId, password: FRESH })).toEqual({ ok: true });
    expect((await session.get('/api/me')).status).toBe(401);
    await expect(caller.employees.resetPassword({ id: installation.adminId, password: FRESH })).rejects.toMatchObject({ cause: { code: 'forbidden' } });
  });
});
