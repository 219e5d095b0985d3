import { beforeEach, describe, expect, it } from '@jest/globals';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { LoginFailure } from '../server/db/entities/login-failure.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { callerFor } from './support/caller.js';
import { signIn } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const INITIAL = 'initial-pass-1';
const NEXT = 'my-own-pass-2';

describe('changing one\'s own password', () => {
  const { server, installation } = useFreshInstallation({ env: { LOGIN_MAX_FAILURES: '3' } });
  let saraId: number;

  beforeEach(async () => {
    const created = await installation.admin.post('/api/employees', { name: 'Sara', username: 'sara', password: INITIAL });
    saraId = created.body.id;
  });

  const login = (password: string) => server.client().post('/api/auth/login', { username: 'sara', password });
  const mustChange = async () => (await server.em().findOneOrFail(User, saraId)).mustChangePassword;

  /** Two sign-ins of one account, as from a phone and a laptop. */
  async function twoSessions(password = INITIAL) {
    return [await signIn(server, 'sara', password), await signIn(server, 'sara', password)] as const;
  }

  it('answers 200 { ok: true }, lifts the pending change, and keeps the current session alone', async () => {
    const [current, other] = await twoSessions();
    const response = await current.post('/api/account/password', { current: INITIAL, next: NEXT });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('no-store');

    const me = await current.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.mustChangePassword).toBe(false);
    expect((await current.get('/api/wards')).status).toBe(200);
    const otherMe = await other.get('/api/me');
    expect(otherMe.status).toBe(401);
    expect(otherMe.body.code).toBe('unauthenticated');

    expect(await mustChange()).toBe(false);
    expect((await login(INITIAL)).status).toBe(401);
    const fresh = await login(NEXT);
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.mustChangePassword).toBe(false);

    const events = await server.em().find(AuthEvent, { type: 'password_changed' });
    expect(events.map((e) => e.user?.id)).toEqual([saraId]);
  });

  it("leaves other accounts' sessions alone", async () => {
    const [current] = await twoSessions();
    await current.post('/api/account/password', { current: INITIAL, next: NEXT });
    expect((await installation.admin.get('/api/me')).status).toBe(200);
  });

  it('answers 400 wrong_password to a wrong current password, and keeps the password, the pending change and every session', async () => {
    const [current, other] = await twoSessions();
    const response = await current.post('/api/account/password', { current: 'not-my-password', next: NEXT });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String), code: 'wrong_password' });

    expect((await current.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(200);
    expect(await mustChange()).toBe(true);
    expect((await login(NEXT)).status).toBe(401);
    expect((await login(INITIAL)).status).toBe(200);
  });

  it('answers 400 password_unchanged when the next password is the present (initial) one, and changes nothing', async () => {
    const [current, other] = await twoSessions();
    const response = await current.post('/api/account/password', { current: INITIAL, next: INITIAL });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('password_unchanged');
    expect(await mustChange()).toBe(true);
    expect((await other.get('/api/me')).status).toBe(200);
    expect((await current.get('/api/wards')).body.code).toBe('must_change_password');
  });

  it.each([
    ['5 characters', '12345'],
    ['201 characters', 'p'.repeat(201)],
    ['5 emoji (10 UTF-16 units)', '😀'.repeat(5)],
    ['201 emoji', '😀'.repeat(201)],
    ['a number', 123456],
  ])('rejects a next password of %s with 400 invalid_input, and changes nothing', async (_, next) => {
    const [current, other] = await twoSessions();
    const response = await current.post('/api/account/password', { current: INITIAL, next });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
    expect(response.body.issues).toEqual(expect.arrayContaining([{ path: 'next', message: expect.any(String) }]));
    expect(await mustChange()).toBe(true);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('rejects a missing current password with 400 invalid_input', async () => {
    const [current] = await twoSessions();
    const response = await current.post('/api/account/password', { next: NEXT });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual(expect.arrayContaining([{ path: 'current', message: expect.any(String) }]));
  });

  it.each([
    ['6 characters', '123456'],
    ['200 characters', 'p'.repeat(200)],
    ['6 emoji', '😀'.repeat(6)],
    ['200 emoji (400 UTF-16 units)', '😀'.repeat(200)],
  ])('accepts a next password of %s, which then signs in', async (_, next) => {
    const [current] = await twoSessions();
    const response = await current.post('/api/account/password', { current: INITIAL, next });
    expect(response.status).toBe(200);
    expect((await login(next)).status).toBe(200);
  });

  it('answers 401 unauthenticated without a session, and changes nothing', async () => {
    const response = await server.client().post('/api/account/password', { current: INITIAL, next: NEXT });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthenticated');
    expect((await login(INITIAL)).status).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in of that account, up to 429 with Retry-After', async () => {
    const [current] = await twoSessions();
    for (let i = 0; i < 3; i++) {
      expect((await current.post('/api/account/password', { current: `wrong-${i}-pass`, next: NEXT })).status).toBe(400);
    }
    expect(await server.em().count(LoginFailure, { usernameKey: usernameKey('sara') })).toBe(3);

    const locked = await current.post('/api/account/password', { current: INITIAL, next: NEXT });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const signIn = await login(INITIAL);
    expect(signIn.status).toBe(429);
    expect(await mustChange()).toBe(true);

    server.clock.advance(server.config.loginWindowSeconds * 1000 + 1000);
    expect((await current.post('/api/account/password', { current: INITIAL, next: NEXT })).status).toBe(200);
  });

  it('answers 429 too_many_attempts once sign-ins of that account are locked out, even with the right password', async () => {
    const [current] = await twoSessions();
    for (let i = 0; i < 3; i++) expect((await login(`wrong-${i}-pass`)).status).toBe(401);
    const response = await current.post('/api/account/password', { current: INITIAL, next: NEXT });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await mustChange()).toBe(true);
  });

  it('changes the password through the tRPC caller and keeps only the calling session', async () => {
    const [browser] = await twoSessions();
    const { caller, sessionId } = await callerFor(server, saraId);
    await expect(caller.account.changePassword({ current: INITIAL, next: INITIAL })).rejects.toMatchObject({ cause: { code: 'password_unchanged' } });
    await expect(caller.account.changePassword({ current: 'wrong-pass-1', next: NEXT })).rejects.toMatchObject({ cause: { code: 'wrong_password' } });
    expect(await caller.account.changePassword({ current: INITIAL, next: NEXT })).toEqual({ ok: true });
    expect((await caller.auth.me()).user.mustChangePassword).toBe(false);
    expect((await browser.get('/api/me')).status).toBe(401);
    const live = await server.em().find(Session, { user: saraId, revokedAt: null });
    expect(live.map((s) => s.id)).toEqual([sessionId]);
  });

  it('also serves a super admin with no pending change', async () => {
    const response = await installation.admin.post('/api/account/password', { current: 'admin-password-1', next: 'admin-password-2' });
    expect(response.status).toBe(200);
    expect((await installation.admin.get('/api/wards')).status).toBe(200);
    expect((await server.client().post('/api/auth/login', { username: 'admin', password: 'admin-password-2' })).status).toBe(200);
  });
});
