import { describe, expect, it } from '@jest/globals';
import { parseSetCookie } from 'cookie';
import { createHash } from 'node:crypto';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { countingHasher } from './support/counting-hasher.js';
import { ADMIN, insertUser } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';
import { startTestServer } from './support/test-server.js';

describe('password sign-in', () => {
  const counter = countingHasher();
  const { server, installation } = useFreshInstallation({ hasher: counter.hasher });

  it('answers 200 with the user and sets an HttpOnly, SameSite=Lax nobat_sid cookie for the configured lifetime', async () => {
    const client = server.client();
    const response = await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: expect.objectContaining({ id: installation.adminId, username: 'admin', role: 'manager' }) });
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Besides it, only the device cookie (see the sign-in limit's tests).
    expect(response.setCookies.map((header) => parseSetCookie(header).name).sort()).toEqual(['nobat_device', 'nobat_sid']);
    const header = response.setCookies.find((h) => h.startsWith('nobat_sid='))!;
    const cookie = parseSetCookie(header);
    expect(cookie).toMatchObject({ name: 'nobat_sid', httpOnly: true, path: '/', sameSite: 'lax', maxAge: 2_592_000 });
    expect(cookie.secure).toBeFalsy();
    expect(header).not.toMatch(/Secure/i);
  });

  it("answers the account as GET /api/me shows it, every field (a nurse's optional ones included)", async () => {
    const profile = { name: 'Zahra Karimi', email: 'zahra@example.org', category: 'RN', title: 'Staff nurse', gender: 'female' };
    const id = await insertUser(server, { ...installation, username: 'zahra', password: 'zahra-password-1' });
    await server.em().nativeUpdate(User, id, profile);
    const client = server.client();
    const signedIn = await client.post('/api/auth/login', { username: 'zahra', password: 'zahra-password-1' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ ...profile, id, username: 'zahra', role: 'employee', wardId: installation.wardId });
    expect(signedIn.body.user).toEqual((await client.get('/api/me')).body.user);
  });

  it('finds the account whatever the letter case of the username', async () => {
    const response = await server.client().post('/api/auth/login', { username: '  ADMIN ', password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body.user.username).toBe('admin');
  });

  it('gives a wrong password and an unknown username the same 401 and the same message', async () => {
    const wrongPassword = await server.client().post('/api/auth/login', { username: ADMIN.username, password: 'not-the-password' });
    const unknownUser = await server.client().post('/api/auth/login', { username: 'nobody-here', password: 'not-the-password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: expect.any(String), code: 'invalid_credentials' });
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.setCookies).toEqual([]);
  });

  it('spends an argon2 verify on an unknown username, as it does on a known one', async () => {
    const before = { ...counter.calls };
    await server.client().post('/api/auth/login', { username: 'nobody-here', password: 'whatever-1' });
    expect(counter.calls.verifyDummy).toBe(before.verifyDummy + 1);
    await server.client().post('/api/auth/login', { username: ADMIN.username, password: 'whatever-1' });
    expect(counter.calls.verify).toBe(before.verify + 1);
  });

  it('answers 403 account_inactive to the right password of a deactivated account, and starts no session', async () => {
    await insertUser(server, { ...installation, username: 'retired', password: 'retired-pass', active: false });
    const response = await server.client().post('/api/auth/login', { username: 'retired', password: 'retired-pass' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('account_inactive');
    expect(response.setCookies).toEqual([]);
    // The wrong password still says only "invalid credentials": inactivity is not revealed to guessers.
    const guess = await server.client().post('/api/auth/login', { username: 'retired', password: 'wrong-pass' });
    expect(guess.body.code).toBe('invalid_credentials');
  });

  it('keeps only the SHA-256 of a random token of at least 128 bits, signed in the cookie', async () => {
    const client = server.client();
    await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    const value = client.sessionCookie!;
    const [token, signature] = value.split('.');
    expect(Buffer.from(token!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(signature).toBeTruthy();
    const sessions = await server.em().find(Session, { user: installation.adminId, revokedAt: null });
    const hashes = sessions.map((s) => s.tokenHash);
    expect(hashes).toContain(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('revokes the session presented at sign-in and starts a new one', async () => {
    const client = installation.admin;
    const old = client.clone();
    const response = await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(client.sessionCookie).not.toBe(old.sessionCookie);
    expect((await old.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('rejects a tampered, unsigned or unknown cookie with 401 unauthenticated', async () => {
    const value = installation.admin.sessionCookie!;
    const [token, signature] = value.split('.') as [string, string];
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.${signature}`;
    for (const cookie of [flipped, token, `${token}.`, 'garbage', `${token}.${signature.slice(1)}`]) {
      const response = await server.client().get('/api/me', { headers: { cookie: `nobat_sid=${cookie}` } });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
    }
  });

  it('ignores an Authorization: Bearer header carrying the session value', async () => {
    const value = installation.admin.sessionCookie!;
    const response = await server.client().get('/api/me', { headers: { authorization: `Bearer ${value}` } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthenticated');
  });

  it('answers 401 once the session is older than its lifetime, counted from creation', async () => {
    const client = installation.admin;
    server.clock.advance(2_592_000_000 - 1000);
    expect((await client.get('/api/me')).status).toBe(200);
    server.clock.advance(1000);
    const response = await client.get('/api/me');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthenticated');
  });

  it('answers 403 account_inactive to a signed-in account deactivated behind its back', async () => {
    const em = server.em();
    await em.nativeUpdate(User, { id: installation.adminId }, { active: false });
    const response = await installation.admin.get('/api/me');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('account_inactive');
  });

  it('records successful and failed sign-ins in the audit trail with the reason, and no secret', async () => {
    await server.client().post('/api/auth/login', { username: ADMIN.username, password: 'bad-password' });
    await server.client().post('/api/auth/login', { username: 'ghost', password: 'bad-password' });
    await server.client().post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    const events = await server.em().find(AuthEvent, { type: { $in: ['login_failed', 'login_succeeded'] } }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.type, e.reason])).toEqual([
      ['login_failed', 'wrong_password'],
      ['login_failed', 'unknown_username'],
      ['login_succeeded', null],
    ]);
    expect(events[0]!.user?.id).toBe(installation.adminId);
    expect(events[1]!.username).toBe('ghost');
    expect(JSON.stringify(events)).not.toMatch(/bad-password|admin-password-1|argon2|sha256-test/);
  });

  it('rejects a login body without strings with 400 invalid_input and its issues', async () => {
    const response = await server.client().post('/api/auth/login', { username: 7 });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
    expect(response.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['password', 'username']);
  });
});

describe('sign-out', () => {
  const { server, installation } = useFreshInstallation();

  it('revokes the current session, clears the cookie and answers { ok: true }', async () => {
    const client = installation.admin;
    const stolen = client.clone();
    const response = await client.post('/api/auth/logout', {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cleared = parseSetCookie(response.setCookies[0]!);
    expect(cleared).toMatchObject({ name: 'nobat_sid', value: '', maxAge: 0, path: '/' });
    expect(client.sessionCookie).toBeUndefined();
    // The old cookie value no longer opens anything, wherever it was copied to.
    expect((await stolen.get('/api/me')).status).toBe(401);
    const session = await server.em().findOneOrFail(Session, { user: installation.adminId });
    expect(session.revokedAt).not.toBeNull();
  });

  it('succeeds when already signed out, and with no cookie at all', async () => {
    const client = installation.admin;
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    const again = await client.post('/api/auth/logout', {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true });
    const anonymous = await server.client().post('/api/auth/logout', {});
    expect(anonymous.status).toBe(200);
  });

  it('accepts an empty body as long as it is declared JSON', async () => {
    const response = await installation.admin.request('POST', '/api/auth/logout', { rawBody: '' });
    expect(response.status).toBe(200);
  });

  it('leaves the other sessions of the account alive', async () => {
    const other = server.client();
    await other.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    await installation.admin.post('/api/auth/logout', {});
    expect((await other.get('/api/me')).status).toBe(200);
  });
});

describe('the Secure cookie attribute', () => {
  it('is added when PUBLIC_URL is https, and when COOKIE_SECURE says so', async () => {
    const envs: Record<string, string>[] = [{ PUBLIC_URL: 'https://nobat.example.org' }, { COOKIE_SECURE: 'true' }];
    for (const env of envs) {
      const server = await startTestServer({ env });
      try {
        const response = await server.client().post('/api/auth/setup', {
          hospitalName: 'H',
          wardName: 'W',
          name: 'N',
          username: 'admin',
          password: 'admin-password-1',
        });
        expect(parseSetCookie(response.setCookies[0]!).secure).toBe(true);
      } finally {
        await server.close();
      }
    }
  });
});
