import { beforeEach, describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { callerFor } from './support/caller.js';
import { ADMIN, insertSignedInUser, insertUser, insertWard, signIn } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const SARA_PASSWORD = 'sara-pass-1';

describe('deactivating and activating accounts', () => {
  const { server, installation } = useFreshInstallation();
  let saraId: number;
  let surgeryId: number;

  beforeEach(async () => {
    surgeryId = await insertWard(server, installation.hospitalId, 'Surgery');
    saraId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: installation.wardId, username: 'sara', password: SARA_PASSWORD });
  });

  const login = (username = 'sara', password = SARA_PASSWORD) => server.client().post('/api/auth/login', { username, password });
  const deactivate = (client = installation.admin, id: number | string = saraId) => client.post(`/api/employees/${id}/deactivate`, {});
  const activate = (client = installation.admin, id: number | string = saraId) => client.post(`/api/employees/${id}/activate`, {});
  const isActive = async (id = saraId) => (await server.em().findOneOrFail(User, id)).active;

  const headNurse = (wardId = installation.wardId) =>
    insertSignedInUser(server, installation, { wardId, username: `head${wardId}`, password: 'head-nurse-1', role: 'manager' });

  it('ends every session of the account at once, and sign-in then answers 403 account_inactive', async () => {
    const phone = await signIn(server, 'sara', SARA_PASSWORD);
    const laptop = await signIn(server, 'sara', SARA_PASSWORD);
    const response = await deactivate();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    for (const client of [phone, laptop]) {
      expect((await client.get('/api/me')).status).toBe(401);
      expect((await client.post('/api/account/password', { current: SARA_PASSWORD, next: 'another-pass-1' })).status).toBe(401);
    }
    expect(await server.em().count(Session, { user: saraId, revokedAt: null })).toBe(0);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.any(String), code: 'account_inactive' });
    expect(refused.setCookies).toEqual([]);
    // Only whoever knows the password learns that the account is inactive.
    expect((await login('sara', 'wrong-password')).status).toBe(401);

    const listed = (await installation.admin.get('/api/employees')).body.employees.find((u: { id: number }) => u.id === saraId);
    expect(listed.active).toBe(false);
    const events = await server.em().find(AuthEvent, { type: 'account_deactivated' });
    expect(events.map((e) => [e.user?.id, e.actor?.id])).toEqual([[saraId, installation.adminId]]);
  });

  it('activates the account again: sign-in works, the old sessions stay ended', async () => {
    const old = await signIn(server, 'sara', SARA_PASSWORD);
    await deactivate();
    const response = await activate();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await isActive()).toBe(true);
    expect((await old.get('/api/me')).status).toBe(401);
    const fresh = await login();
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.active).toBe(true);
    const events = await server.em().find(AuthEvent, { type: 'account_activated' });
    expect(events.map((e) => [e.user?.id, e.actor?.id])).toEqual([[saraId, installation.adminId]]);
  });

  it('answers 200 to a repeated deactivation or activation and records each change once', async () => {
    expect((await deactivate()).status).toBe(200);
    expect((await deactivate()).status).toBe(200);
    expect((await activate()).status).toBe(200);
    expect((await activate()).status).toBe(200);
    const em = server.em();
    expect(await em.count(AuthEvent, { type: 'account_deactivated' })).toBe(1);
    expect(await em.count(AuthEvent, { type: 'account_activated' })).toBe(1);
  });

  it('lets a head nurse deactivate an account of their ward, and the super admin one in any ward', async () => {
    const { client } = await headNurse();
    expect((await deactivate(client)).status).toBe(200);
    const rezaId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: surgeryId, username: 'reza', password: 'reza-pass-1' });
    expect((await deactivate(installation.admin, rezaId)).status).toBe(200);
    expect(await isActive(rezaId)).toBe(false);
  });

  it('answers 404 user_not_found for an account outside the wards the manager may use, or none at all, and changes nothing', async () => {
    const { client: surgeryHead } = await headNurse(surgeryId);
    const session = await signIn(server, 'sara', SARA_PASSWORD);
    for (const [client, id] of [[surgeryHead, saraId], [installation.admin, 999_999]] as const) {
      for (const response of [await deactivate(client, id), await activate(client, id)]) {
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('user_not_found');
      }
    }
    expect(await isActive()).toBe(true);
    expect((await session.get('/api/me')).status).toBe(200);
  });

  it('answers 403 forbidden to a manager deactivating themselves, and changes nothing', async () => {
    const { id, client } = await headNurse();
    const response = await deactivate(client, id);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect(await isActive(id)).toBe(true);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await deactivate(installation.admin, installation.adminId)).status).toBe(403);
  });

  it('answers 403 forbidden to a head nurse deactivating the super admin', async () => {
    const { client } = await headNurse();
    const response = await deactivate(client, installation.adminId);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await installation.admin.get('/api/me')).status).toBe(200);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('answers 403 forbidden to an employee, and 401 without a session', async () => {
    const { client: reza } = await insertSignedInUser(server, installation, { username: 'reza', password: 'reza-pass-1' });
    expect((await deactivate(reza)).body.code).toBe('forbidden');
    expect((await activate(reza)).body.code).toBe('forbidden');
    expect((await deactivate(server.client())).status).toBe(401);
    expect(await isActive()).toBe(true);
  });

  it('answers 400 invalid_input to a user id that is not one', async () => {
    const response = await deactivate(installation.admin, 'sara');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
  });

  it('deactivates and activates through the tRPC caller', async () => {
    const { caller } = await callerFor(server, installation.adminId);
    expect(await caller.employees.deactivate({ id: saraId })).toEqual({ ok: true });
    expect(await isActive()).toBe(false);
    expect(await caller.employees.activate({ id: saraId })).toEqual({ ok: true });
    expect(await isActive()).toBe(true);
  });
});
