import { beforeEach, describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { tokenHash } from '../server/services/sessions/tokens.js';
import type { TestClient } from './support/client.js';
import { ADMIN, insertUser } from './support/fixtures.js';
import { PASSWORD_HASH_PATTERN } from './support/fast-hasher.js';
import { useFreshInstallation } from './support/suite.js';
import { TestClock } from './support/test-server.js';

const START = new TestClock().now();
const NURSE = { username: 'nurse', password: 'nurse-password-1' };
const WRONG = 'wrong-password-1';

describe('the auth_event audit trail', () => {
  const { server, installation } = useFreshInstallation({ env: { LOGIN_MAX_FAILURES: '2' }, clockAt: START });
  let nurseId: number;

  beforeEach(async () => {
    nurseId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: installation.wardId, ...NURSE });
  });

  async function events() {
    const rows = await server.em().find(AuthEvent, {}, { orderBy: { id: 'asc' } });
    return rows.map((row) => ({
      type: row.type,
      userId: row.user?.id ?? null,
      actorId: row.actor?.id ?? null,
      username: row.username ?? null,
      reason: row.reason ?? null,
      ip: row.ip ?? null,
      userAgent: row.userAgent ?? null,
      createdAt: row.createdAt,
    }));
  }

  async function login(username: string, password: string, userAgent = 'Ward-PC/1.0'): Promise<{ client: TestClient; status: number }> {
    const client = server.client();
    const response = await client.post('/api/auth/login', { username, password }, { headers: { 'user-agent': userAgent } });
    return { client, status: response.status };
  }

  async function currentSessionId(client: TestClient): Promise<string> {
    const response = await client.get('/api/account/sessions');
    return response.body.sessions.find((session: { current: boolean }) => session.current).id;
  }

  it('records setup, and a sign-in with who, when, the client address and user agent', async () => {
    server.clock.advance(5_000);
    expect((await login(NURSE.username, NURSE.password, 'Nurse-Phone/3.1')).status).toBe(200);
    expect(await events()).toEqual([
      expect.objectContaining({ type: 'setup_completed', userId: installation.adminId, ip: '127.0.0.1', createdAt: START }),
      {
        type: 'login_succeeded',
        userId: nurseId,
        actorId: null,
        username: null,
        reason: null,
        ip: '127.0.0.1',
        userAgent: 'Nurse-Phone/3.1',
        createdAt: new Date(START.getTime() + 5_000),
      },
    ]);
  });

  it('records each failed sign-in with its reason and the username as typed', async () => {
    await server.em().nativeUpdate(User, { id: nurseId }, { active: false });
    expect((await login('Nobody', WRONG)).status).toBe(401);
    expect((await login('ADMIN', WRONG)).status).toBe(401);
    expect((await login('admin', WRONG)).status).toBe(401);
    expect((await login(NURSE.username, NURSE.password)).status).toBe(403);
    expect((await login(ADMIN.username, WRONG)).status).toBe(429);

    const failures = (await events()).filter((event) => event.type === 'login_failed');
    expect(failures).toEqual([
      expect.objectContaining({ userId: null, username: 'Nobody', reason: 'unknown_username', ip: '127.0.0.1', userAgent: 'Ward-PC/1.0' }),
      expect.objectContaining({ userId: installation.adminId, username: 'ADMIN', reason: 'wrong_password' }),
      expect.objectContaining({ userId: installation.adminId, username: 'admin', reason: 'wrong_password' }),
      expect.objectContaining({ userId: nurseId, username: NURSE.username, reason: 'account_inactive' }),
      expect.objectContaining({ userId: null, username: ADMIN.username, reason: 'rate_limited' }),
    ]);
  });

  it('records the first refusal of an address and typed username per window, not every one of a flood', async () => {
    await login(ADMIN.username, WRONG);
    await login(ADMIN.username, WRONG);
    for (let i = 0; i < 5; i++) expect((await login(ADMIN.username, WRONG)).status).toBe(429);
    expect((await login('Admin', WRONG)).status).toBe(429);
    const refusals = () => events().then((all) => all.filter((event) => event.reason === 'rate_limited').map((event) => event.username));
    expect(await refusals()).toEqual([ADMIN.username, 'Admin']);
    // A refusal in a later window is recorded again (the failures have left their window too, so fail anew).
    server.clock.advance(901_000);
    await login(ADMIN.username, WRONG);
    await login(ADMIN.username, WRONG);
    expect((await login(ADMIN.username, WRONG)).status).toBe(429);
    expect(await refusals()).toEqual([ADMIN.username, 'Admin', ADMIN.username]);
  });

  it('records a logout, and nothing for a logout without a session', async () => {
    const { client } = await login(NURSE.username, NURSE.password);
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    expect((await server.client().post('/api/auth/logout', {})).status).toBe(200);
    expect((await events()).filter((event) => event.type === 'logout')).toEqual([
      expect.objectContaining({ userId: nurseId, ip: '127.0.0.1' }),
    ]);
  });

  it('records a revoked session and a revoke-others, and nothing for a refused revocation', async () => {
    const phone = (await login(NURSE.username, NURSE.password, 'Phone/1.0')).client;
    const laptop = (await login(NURSE.username, NURSE.password, 'Laptop/1.0')).client;
    await login(NURSE.username, NURSE.password, 'Tablet/1.0');

    const refused = await installation.admin.delete(`/api/account/sessions/${await currentSessionId(phone)}`);
    expect(refused.status).toBe(404);
    const phoneId = await currentSessionId(phone);
    expect((await laptop.delete(`/api/account/sessions/${phoneId}`, { headers: { 'user-agent': 'Laptop/1.0' } })).status).toBe(200);
    expect((await laptop.post('/api/account/sessions/revoke-others', {})).body).toEqual({ ok: true, revoked: 1 });

    const recorded = (await events()).filter((event) => event.type.startsWith('session'));
    expect(recorded).toEqual([
      expect.objectContaining({ type: 'session_revoked', userId: nurseId, actorId: null, userAgent: 'Laptop/1.0' }),
      expect.objectContaining({ type: 'sessions_revoked_others', userId: nurseId, actorId: null }),
    ]);
  });

  it('never stores a password, cookie, token, session secret or hash in any column', async () => {
    const phone = (await login(NURSE.username, NURSE.password, 'Phone/1.0')).client;
    await login(NURSE.username, WRONG);
    await login(ADMIN.username, NURSE.password);
    await login('typed-by-mistake', NURSE.password);
    const laptop = (await login(NURSE.username, NURSE.password, 'Laptop/1.0')).client;
    const laptopCookie = laptop.sessionCookie!;
    await phone.delete(`/api/account/sessions/${await currentSessionId(laptop)}`);
    const last = (await login(NURSE.username, NURSE.password)).client;
    await last.post('/api/account/sessions/revoke-others', {});
    await last.post('/api/auth/logout', {});

    const secrets = [ADMIN.password, NURSE.password, WRONG, server.services.sessionSecret];
    for (const cookie of [installation.admin.sessionCookie!, laptopCookie]) {
      const value = decodeURIComponent(cookie);
      const token = value.slice(0, value.lastIndexOf('.'));
      secrets.push(value, token, tokenHash(token), value.slice(value.lastIndexOf('.') + 1));
    }
    for (const session of await server.em().find(Session, {})) secrets.push(session.tokenHash);
    for (const user of await server.em().find(User, {}, { populate: ['passwordHash'] })) secrets.push(user.passwordHash);

    const rows = await server.em().getConnection().execute<Record<string, unknown>[]>('select * from auth_event');
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(['setup_completed', 'login_succeeded', 'login_failed', 'session_revoked', 'sessions_revoked_others', 'logout']),
    );
    const stored = rows.flatMap((row) => Object.values(row).map((value) => String(value ?? '')));
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      for (const value of stored) expect(value).not.toContain(secret);
    }
    expect(stored.join('\n')).not.toMatch(PASSWORD_HASH_PATTERN);

    // Nor in the log lines.
    const logs = server.logs.join('\n');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
