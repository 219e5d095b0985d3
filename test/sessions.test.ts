import { beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Session } from '../server/db/entities/session.js';
import type { TestClient } from './support/client.js';
import { ADMIN, insertUser } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';
import { TestClock } from './support/test-server.js';

const START = new TestClock().now();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the session endpoints', () => {
  const { server, installation } = useFreshInstallation({ clockAt: START });
  beforeEach(async () => {
    await insertUser(server, {
      hospitalId: installation.hospitalId,
      wardId: installation.wardId,
      username: 'nurse',
      password: 'nurse-password-1',
    });
  });

  /** Signs in as a new device, identified by its user agent. */
  async function device(username: string, password: string, userAgent: string): Promise<TestClient> {
    const client = server.client();
    const response = await client.post('/api/auth/login', { username, password }, { headers: { 'user-agent': userAgent } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
    return client;
  }

  async function sessionIds(client: TestClient): Promise<string[]> {
    const response = await client.get('/api/account/sessions');
    expect(response.status).toBe(200);
    return response.body.sessions.map((session: { id: string }) => session.id);
  }

  async function currentSessionId(client: TestClient): Promise<string> {
    const response = await client.get('/api/account/sessions');
    return response.body.sessions.find((session: { current: boolean }) => session.current).id;
  }

  describe('GET /api/account/sessions', () => {
    it("lists the caller's live sessions newest first, with ISO timestamps and the current one marked", async () => {
      server.clock.advance(5 * MINUTE);
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      server.clock.advance(5 * MINUTE);
      const laptop = await device(ADMIN.username, ADMIN.password, 'Laptop/2.0');

      const response = await phone.get('/api/account/sessions', { headers: { 'user-agent': 'Phone/1.0' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const { sessions } = response.body;
      expect(sessions).toHaveLength(3);
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ip', 'lastSeenAt', 'userAgent']);
        expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(session.ip).toBe('127.0.0.1');
      }
      expect(sessions.map((s: { userAgent: string }) => s.userAgent)).toEqual(['Laptop/2.0', 'Phone/1.0', expect.any(String)]);
      expect(sessions.map((s: { current: boolean }) => s.current)).toEqual([false, true, false]);
      expect(sessions[0]).toMatchObject({
        createdAt: new Date(START.getTime() + 10 * MINUTE).toISOString(),
        lastSeenAt: new Date(START.getTime() + 10 * MINUTE).toISOString(),
        expiresAt: new Date(START.getTime() + 10 * MINUTE + 30 * DAY).toISOString(),
      });
      expect(sessions[2].createdAt).toBe(START.toISOString());
      expect(sessions[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      // The same list from the laptop marks the laptop.
      const fromLaptop = await laptop.get('/api/account/sessions');
      expect(fromLaptop.body.sessions.map((s: { current: boolean }) => s.current)).toEqual([true, false, false]);
    });

    it('never shows a cookie token or its hash', async () => {
      const response = await installation.admin.get('/api/account/sessions');
      const token = decodeURIComponent(installation.admin.sessionCookie!).split('.')[0]!;
      const row = await server.em().findOneOrFail(Session, { id: response.body.sessions[0].id });
      expect(response.text).not.toContain(token);
      expect(response.text).not.toContain(row.tokenHash);
      expect(response.body.sessions[0].id).not.toBe(token);
    });

    it("leaves out other users' sessions, revoked sessions and expired ones", async () => {
      const nurse = await device('nurse', 'nurse-password-1', 'Nurse/1.0');
      const old = await device(ADMIN.username, ADMIN.password, 'Old/1.0');
      const oldId = await currentSessionId(old);
      expect(await old.post('/api/auth/logout', {})).toMatchObject({ status: 200 });

      // One session that expires: created now, looked at 30 days later by a session made in between.
      server.clock.advance(20 * DAY);
      const recent = await device(ADMIN.username, ADMIN.password, 'Recent/1.0');
      const admin = await sessionIds(recent);
      expect(admin).toHaveLength(2);
      expect(admin).not.toContain(oldId);
      expect(admin).not.toContain(await currentSessionId(nurse));

      server.clock.advance(10 * DAY);
      const later = await recent.get('/api/account/sessions');
      expect(later.body.sessions).toEqual([expect.objectContaining({ userAgent: 'Recent/1.0', current: true })]);
    });

    it('answers 401 unauthenticated without a session', async () => {
      const response = await server.client().get('/api/account/sessions');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
    });
  });

  describe('DELETE /api/account/sessions/{id}', () => {
    it('revokes another of your sessions: it stops working at once and leaves the list', async () => {
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const phoneId = await currentSessionId(phone);

      const response = await installation.admin.delete(`/api/account/sessions/${phoneId}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect(response.setCookies).toEqual([]);

      expect((await phone.get('/api/me')).status).toBe(401);
      expect(await sessionIds(installation.admin)).not.toContain(phoneId);
      expect((await installation.admin.get('/api/me')).status).toBe(200);
      const row = await server.em().findOneOrFail(Session, { id: phoneId });
      expect(row.revokedAt).toEqual(START);
    });

    it('ends the current session like a logout, clearing the cookie', async () => {
      const admin = installation.admin;
      const stolen = admin.clone();
      const response = await admin.delete(`/api/account/sessions/${await currentSessionId(admin)}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect(response.setCookies).toHaveLength(1);
      expect(response.setCookies[0]).toMatch(/^nobat_sid=;.*Max-Age=0/);
      expect(admin.sessionCookie).toBeUndefined();
      // The old cookie value is dead on the server, not merely forgotten by the browser.
      expect((await stolen.get('/api/me')).status).toBe(401);
    });

    it("answers 404 session_not_found for another user's session, which keeps working", async () => {
      const nurse = await device('nurse', 'nurse-password-1', 'Nurse/1.0');
      const nurseSessionId = await currentSessionId(nurse);

      const response = await installation.admin.delete(`/api/account/sessions/${nurseSessionId}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: expect.any(String), code: 'session_not_found' });
      expect(response.setCookies).toEqual([]);

      expect((await nurse.get('/api/me')).status).toBe(200);
      expect(await sessionIds(nurse)).toEqual([nurseSessionId]);
      expect((await server.em().findOneOrFail(Session, { id: nurseSessionId })).revokedAt).toBeNull();
    });

    it('answers 404 session_not_found for a session already revoked', async () => {
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const phoneId = await currentSessionId(phone);
      expect((await installation.admin.delete(`/api/account/sessions/${phoneId}`)).status).toBe(200);
      server.clock.advance(MINUTE);

      const again = await installation.admin.delete(`/api/account/sessions/${phoneId}`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('session_not_found');
      // The first revocation's time stands.
      expect((await server.em().findOneOrFail(Session, { id: phoneId })).revokedAt).toEqual(START);
    });

    it('answers 404 session_not_found for an expired session, and leaves it unrevoked', async () => {
      const firstId = await currentSessionId(installation.admin);
      server.clock.advance(20 * DAY);
      const recent = await device(ADMIN.username, ADMIN.password, 'Recent/1.0');
      server.clock.advance(10 * DAY);

      const response = await recent.delete(`/api/account/sessions/${firstId}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('session_not_found');
      expect((await server.em().findOneOrFail(Session, { id: firstId })).revokedAt).toBeNull();
    });

    it.each([
      ['a word', 'not-a-session'],
      ['a uuid of no session', randomUUID()],
      ['a uuid without its dashes', randomUUID().replaceAll('-', '')],
      ['a malformed percent escape', '%zz'],
      ['a truncated UTF-8 escape', '%E0%A4%A'],
      ['an encoded slash', 'a%2Fb'],
      ['SQL', encodeURIComponent("' or 1=1 --")],
      ['a very long string', 'a'.repeat(5000)],
    ])('answers 404 session_not_found to %s and changes nothing', async (_, id) => {
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const response = await installation.admin.delete(`/api/account/sessions/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: expect.any(String), code: 'session_not_found' });
      expect(await server.em().count(Session, { revokedAt: { $ne: null } })).toBe(0);
      expect((await phone.get('/api/me')).status).toBe(200);
    });

    it('accepts the id in upper case, as PostgreSQL reads a uuid either way', async () => {
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const phoneId = await currentSessionId(phone);
      const response = await installation.admin.delete(`/api/account/sessions/${phoneId.toUpperCase()}`);
      expect(response.status).toBe(200);
      expect((await phone.get('/api/me')).status).toBe(401);
    });

    it('answers 415 without a JSON content type, and 401 without a session', async () => {
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const phoneId = await currentSessionId(phone);
      const noType = await installation.admin.delete(`/api/account/sessions/${phoneId}`, { contentType: null });
      expect(noType.status).toBe(415);
      expect(noType.body.code).toBe('unsupported_media_type');
      const anonymous = await server.client().delete(`/api/account/sessions/${phoneId}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('unauthenticated');
      expect((await phone.get('/api/me')).status).toBe(200);
    });
  });

  describe('POST /api/account/sessions/revoke-others', () => {
    it('revokes every other live session of the caller, keeps the current one, and says how many', async () => {
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const laptop = await device(ADMIN.username, ADMIN.password, 'Laptop/1.0');
      const nurse = await device('nurse', 'nurse-password-1', 'Nurse/1.0');
      // Already revoked: not counted again.
      const gone = await device(ADMIN.username, ADMIN.password, 'Gone/1.0');
      await gone.post('/api/auth/logout', {});

      const response = await phone.post('/api/account/sessions/revoke-others', {});
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, revoked: 2 });
      expect(response.setCookies).toEqual([]);

      expect((await phone.get('/api/me')).status).toBe(200);
      expect((await laptop.get('/api/me')).status).toBe(401);
      expect((await installation.admin.get('/api/me')).status).toBe(401);
      expect((await nurse.get('/api/me')).status).toBe(200);
      const list = await phone.get('/api/account/sessions');
      expect(list.body.sessions).toEqual([expect.objectContaining({ userAgent: 'Phone/1.0', current: true })]);

      const again = await phone.post('/api/account/sessions/revoke-others', {});
      expect(again.body).toEqual({ ok: true, revoked: 0 });
    });

    it('does not count expired sessions as revoked', async () => {
      server.clock.advance(20 * DAY);
      const recent = await device(ADMIN.username, ADMIN.password, 'Recent/1.0');
      server.clock.advance(10 * DAY);
      const response = await recent.post('/api/account/sessions/revoke-others', {});
      expect(response.body).toEqual({ ok: true, revoked: 0 });
    });

    it('answers 401 without a session and 415 without a JSON content type', async () => {
      expect((await server.client().post('/api/account/sessions/revoke-others', {})).status).toBe(401);
      const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
      const noType = await phone.request('POST', '/api/account/sessions/revoke-others', { rawBody: '{}', contentType: 'text/plain' });
      expect(noType.status).toBe(415);
      expect((await installation.admin.get('/api/me')).status).toBe(200);
    });
  });

  it('answers 403 must_change_password on all three while a password change is pending', async () => {
    await insertUser(server, {
      hospitalId: installation.hospitalId,
      wardId: installation.wardId,
      username: 'newcomer',
      password: 'initial-password',
      mustChangePassword: true,
    });
    const newcomer = await device('newcomer', 'initial-password', 'New/1.0');
    const responses = [
      await newcomer.get('/api/account/sessions'),
      await newcomer.delete(`/api/account/sessions/${randomUUID()}`),
      await newcomer.post('/api/account/sessions/revoke-others', {}),
    ];
    expect(responses.map((r) => [r.status, r.body.code])).toEqual([
      [403, 'must_change_password'],
      [403, 'must_change_password'],
      [403, 'must_change_password'],
    ]);
    expect((await newcomer.get('/api/me')).status).toBe(200);
  });

  it('serves the same procedures over tRPC as sessions.list, sessions.revoke and sessions.revokeOthers', async () => {
    const phone = await device(ADMIN.username, ADMIN.password, 'Phone/1.0');
    const laptop = await device(ADMIN.username, ADMIN.password, 'Laptop/1.0');
    const phoneId = await currentSessionId(phone);

    const list = await installation.admin.get('/trpc/sessions.list');
    expect(list.status).toBe(200);
    expect(list.body.result.data).toEqual((await installation.admin.get('/api/account/sessions')).body);

    const notMine = await phone.post('/trpc/sessions.revoke', { id: await currentSessionId(await device('nurse', 'nurse-password-1', 'N')) });
    expect(notMine.status).toBe(404);
    expect(notMine.body.error.data.code).toBe('session_not_found');

    const revoke = await installation.admin.post('/trpc/sessions.revoke', { id: phoneId });
    expect(revoke.status).toBe(200);
    expect(revoke.body.result.data).toEqual({ ok: true });
    expect((await phone.get('/api/me')).status).toBe(401);

    const others = await installation.admin.post('/trpc/sessions.revokeOthers', {});
    expect(others.body.result.data).toEqual({ ok: true, revoked: 1 });
    expect((await laptop.get('/api/me')).status).toBe(401);
  });
});
