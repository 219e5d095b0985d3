import { beforeEach, describe, expect, it } from '@jest/globals';
import { Session } from '../server/db/entities/session.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { insertSignedInUser, insertWard, setUpInstallation } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';
import { startTestServer } from './support/test-server.js';

describe('GET /api/me', () => {
  const { server, installation } = useFreshInstallation({ clockAt: '2026-11-22T08:00:00Z' });

  it('answers 401 unauthenticated without a session', async () => {
    const response = await server.client().get('/api/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('returns the user, the home ward and today', async () => {
    const response = await installation.admin.get('/api/me');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: {
        id: installation.adminId,
        name: 'Head Admin',
        username: 'admin',
        role: 'manager',
        mustChangePassword: false,
        isSuperAdmin: true,
        wardId: installation.wardId,
        active: true,
      },
      today: '2026-11-22',
      ward: { id: installation.wardId, name: 'ICU' },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("computes today in Asia/Tehran by default: 21:00 UTC is already the next day there", async () => {
    server.clock.set('2026-03-20T21:00:00Z');
    expect((await installation.admin.get('/api/me')).body.today).toBe('2026-03-21');
    server.clock.set('2026-03-20T20:00:00Z');
    expect((await installation.admin.get('/api/me')).body.today).toBe('2026-03-20');
  });

  it('computes today in APP_TIMEZONE when it is set', async () => {
    const utc = await startTestServer({ env: { APP_TIMEZONE: 'America/New_York' } });
    try {
      const { admin } = await setUpInstallation(utc);
      utc.clock.set('2026-03-21T02:00:00Z');
      expect((await admin.get('/api/me')).body.today).toBe('2026-03-20');
    } finally {
      await utc.close();
    }
  });

  it('is readable while a password change is pending, and says so', async () => {
    const { client } = await insertSignedInUser(server, installation, { username: 'newbie', password: 'initial-pass', mustChangePassword: true });
    const response = await client.get('/api/me');
    expect(response.status).toBe(200);
    expect(response.body.user.mustChangePassword).toBe(true);
  });

  it('writes the session last-seen time only when a minute has passed', async () => {
    const client = installation.admin;
    const read = async () => (await server.em().findOneOrFail(Session, { user: installation.adminId })).lastSeenAt.toISOString();
    const created = await read();
    server.clock.advance(30_000);
    await client.get('/api/me');
    expect(await read()).toBe(created);
    server.clock.advance(31_000);
    await client.get('/api/me');
    expect(await read()).toBe(server.clock.now().toISOString());
  });

  describe('ward selection', () => {
    let otherWard: number;
    beforeEach(async () => {
      otherWard = await insertWard(server, installation.hospitalId, 'Maternity');
    });

    it('uses the X-Ward header', async () => {
      const response = await installation.admin.get('/api/me', { headers: { 'x-ward': String(otherWard) } });
      expect(response.status).toBe(200);
      expect(response.body.ward).toEqual({ id: otherWard, name: 'Maternity' });
    });

    it('uses the ward query parameter', async () => {
      const response = await installation.admin.get(`/api/me?ward=${otherWard}`);
      expect(response.body.ward).toEqual({ id: otherWard, name: 'Maternity' });
    });

    it('lets the header win when both are sent', async () => {
      const response = await installation.admin.get(`/api/me?ward=${otherWard}`, { headers: { 'x-ward': String(installation.wardId) } });
      expect(response.body.ward.id).toBe(installation.wardId);
    });

    it.each(['abc', '1.5', '-1', '', ' 2', '99999999999'])('answers 400 invalid_input to the selection %p', async (value) => {
      const response = await installation.admin.get(`/api/me?ward=${encodeURIComponent(value)}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
    });

    it('answers 400 to a non-numeric X-Ward header', async () => {
      const response = await installation.admin.get('/api/me', { headers: { 'x-ward': 'icu' } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
    });

    it('answers 403 ward_forbidden to a ward that does not exist', async () => {
      const response = await installation.admin.get('/api/me', { headers: { 'x-ward': '424242' } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
    });

    it('keeps a manager who is not a super admin to their home ward', async () => {
      const { client: manager } = await insertSignedInUser(server, installation, { username: 'manager2', password: 'manager-pass', role: 'manager' });
      expect((await manager.get('/api/me', { headers: { 'x-ward': String(installation.wardId) } })).status).toBe(200);
      const response = await manager.get('/api/me', { headers: { 'x-ward': String(otherWard) } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
    });

    it('keeps an employee to their home ward', async () => {
      const { client: nurse } = await insertSignedInUser(server, installation, { username: 'nurse1', password: 'nurse-pass' });
      expect((await nurse.get(`/api/me?ward=${otherWard}`)).status).toBe(403);
    });

    it("refuses a super admin another hospital's ward", async () => {
      const em = server.em();
      const hospital = em.create(Hospital, { name: 'Elsewhere', createdAt: server.clock.now() });
      await em.flush();
      const foreignWard = await insertWard(server, hospital.id, 'Foreign');
      const response = await installation.admin.get('/api/me', { headers: { 'x-ward': String(foreignWard) } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
    });
  });
});
