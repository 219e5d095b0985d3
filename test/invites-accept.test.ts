import { beforeEach, describe, expect, it } from '@jest/globals';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Invite } from '../server/db/entities/invite.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { tokenHash } from '../server/services/sessions/tokens.js';
import type { TestClient } from './support/client.js';
import { insertSignedInUser, insertWard } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const DAY = 24 * 60 * 60 * 1000;
const NEWCOMER = { name: 'Sara Nurse', username: 'sara', password: 'sara-password-1' };

describe('accepting an invitation', () => {
  const { server, installation: install } = useFreshInstallation({ clockAt: '2026-11-22T08:00:00.000Z' });
  let otherWardId: number;
  let manager: TestClient;

  beforeEach(async () => {
    otherWardId = await insertWard(server, install.hospitalId, 'Emergency');
    manager = (await insertSignedInUser(server, install, { username: 'nurse-manager', password: 'manager-password-1', role: 'manager' })).client;
  });

  async function issue(client: TestClient, body: Record<string, unknown> = { role: 'staff' }) {
    const response = await client.post('/api/invites', body);
    if (response.status !== 201) throw new Error(`issue failed: ${response.status} ${response.text}`);
    return response.body as { invite: { id: number }; token: string; url: string };
  }

  const accept = (token: string, body: Record<string, unknown> = NEWCOMER, client: TestClient = server.client()) =>
    client.post(`/api/invite/${token}/accept`, body);

  const storedInvite = (id: number) => server.em().findOneOrFail(Invite, id);

  it('creates an employee in the invitation ward, signs it in and answers 201 { user }', async () => {
    const { token, invite } = await issue(manager, { role: 'staff', category: 'RN' });
    const client = server.client();
    const response = await accept(token, { ...NEWCOMER, gender: 'female' }, client);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      user: {
        id: expect.any(Number),
        name: 'Sara Nurse',
        username: 'sara',
        role: 'employee',
        mustChangePassword: false,
        isSuperAdmin: false,
        wardId: install.wardId,
        active: true,
        category: 'RN',
        gender: 'female',
      },
    });
    expect(response.text).not.toMatch(/argon2|sha256-test|passwordHash|sara-password-1/);

    const stored = await storedInvite(invite.id);
    expect(stored.usedAt?.toISOString()).toBe(server.clock.now().toISOString());
    expect(stored.usedBy?.id).toBe(response.body.user.id);
    expect(stored.revokedAt).toBeNull();
    const user = await server.em().findOneOrFail(User, response.body.user.id);
    expect(user.hospital.id).toBe(install.hospitalId);
  });

  it('sets the HttpOnly nobat_sid session cookie, which then signs the new user in', async () => {
    const { token } = await issue(manager);
    const client = server.client();
    const response = await accept(token, NEWCOMER, client);
    const cookie = response.setCookies.find((header) => header.startsWith('nobat_sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: response.body.user.id, username: 'sara', mustChangePassword: false });
    expect(await server.em().count(Session, { user: response.body.user.id, revokedAt: null })).toBe(1);
  });

  it('replaces a session presented with the acceptance, as sign-in does', async () => {
    const { token } = await issue(manager);
    const browser = manager.clone();
    const response = await accept(token, NEWCOMER, browser);
    expect(response.status).toBe(201);
    expect((await browser.get('/api/me')).body.user.username).toBe('sara');
    // The manager's session that the browser held is over; the manager's own client used the same one.
    expect((await manager.get('/api/me')).status).toBe(401);
  });

  it('lets the accepted user sign in later with the chosen password', async () => {
    const { token } = await issue(manager);
    await accept(token);
    const login = await server.client().post('/api/auth/login', { username: 'Sara', password: NEWCOMER.password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username: 'sara', role: 'employee', wardId: install.wardId });
  });

  it('creates a manager, not a super admin, from a head-nurse invitation into the chosen ward', async () => {
    const { token } = await issue(install.admin, { role: 'head_nurse', wardId: otherWardId });
    const client = server.client();
    const response = await accept(token, NEWCOMER, client);
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ role: 'manager', isSuperAdmin: false, mustChangePassword: false, wardId: otherWardId });
    // A manager of that ward, and only that ward.
    expect((await client.get('/api/invites')).status).toBe(200);
    expect((await client.get('/api/invites', { headers: { 'X-Ward': String(install.wardId) } })).body.code).toBe('ward_forbidden');
  });

  it('records an invite_accepted event for the new user', async () => {
    const { token } = await issue(manager);
    const response = await accept(token);
    const events = await server.em().find(AuthEvent, { type: 'invite_accepted' });
    expect(events).toHaveLength(1);
    expect(events[0]!.user?.id).toBe(response.body.user.id);
  });

  it('answers 410 invite_used to a second accept, and creates no second user', async () => {
    const { token } = await issue(manager);
    expect((await accept(token)).status).toBe(201);
    const again = await accept(token, { ...NEWCOMER, username: 'someone-else' });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('invite_used');
    expect(again.setCookies).toEqual([]);
    expect(await server.em().count(User, { usernameKey: usernameKey('someone-else') })).toBe(0);
    const read = await server.client().get(`/api/invite/${token}`);
    expect(read.status).toBe(410);
    expect(read.body.code).toBe('invite_used');
  });

  it('answers 410 invite_expired once the expiry is reached, driven by the clock', async () => {
    const { token } = await issue(manager, { role: 'staff', days: 3 });
    server.clock.advance(3 * DAY);
    const response = await accept(token);
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('invite_expired');
    expect(await server.em().count(User, { usernameKey: usernameKey('sara') })).toBe(0);
  });

  it('still accepts a millisecond before the expiry', async () => {
    const { token } = await issue(manager, { role: 'staff', days: 3 });
    server.clock.advance(3 * DAY - 1);
    expect((await accept(token)).status).toBe(201);
  });

  it('answers 410 invite_revoked to a revoked invitation', async () => {
    const { token, invite } = await issue(manager);
    await manager.delete(`/api/invites/${invite.id}`);
    const response = await accept(token);
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('invite_revoked');
    expect(await server.em().count(User, { usernameKey: usernameKey('sara') })).toBe(0);
  });

  it.each([
    ['a well-formed token that was never issued', 'A'.repeat(43)],
    ['a token with an encoded slash', 'abc%2Fdef'],
    ['a token with dots', 'a.b.c'],
    ['a 500-character token', 'y'.repeat(500)],
    ['a malformed percent-encoding', '%E0%A4%A'],
  ])('answers 404 invite_not_found to %s, and creates nobody', async (_label, token) => {
    const response = await accept(token);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('invite_not_found');
    expect(await server.em().count(User, { usernameKey: usernameKey('sara') })).toBe(0);
  });

  it('answers 409 username_taken for a taken username (any letter case), leaves the invitation valid, then accepts another', async () => {
    const { token, invite } = await issue(manager);
    const users = await server.em().count(User, {});
    const sessions = await server.em().count(Session, {});
    const client = server.client();
    const taken = await accept(token, { ...NEWCOMER, username: 'Nurse-Manager' }, client);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('username_taken');
    expect(taken.setCookies).toEqual([]);

    expect(await server.em().count(User, {})).toBe(users);
    expect(await server.em().count(Session, {})).toBe(sessions);
    expect(await server.em().count(AuthEvent, { type: 'invite_accepted' })).toBe(0);
    const stored = await storedInvite(invite.id);
    expect(stored.usedAt).toBeNull();
    expect(stored.usedBy).toBeNull();
    expect((await server.client().get(`/api/invite/${token}`)).status).toBe(200);
    expect((await manager.get('/api/invites')).body.invites[0].status).toBe('valid');

    const retry = await accept(token, NEWCOMER, client);
    expect(retry.status).toBe(201);
    expect(retry.body.user.username).toBe('sara');
  });

  it.each([
    ['a missing name', { username: 'sara', password: 'sara-password-1' }, 'name'],
    ['a blank name', { ...NEWCOMER, name: '   ' }, 'name'],
    ['a missing username', { name: 'Sara', password: 'sara-password-1' }, 'username'],
    ['a two-letter username', { ...NEWCOMER, username: 'sa' }, 'username'],
    ['a username with a space', { ...NEWCOMER, username: 'sa ra' }, 'username'],
    ['a missing password', { name: 'Sara', username: 'sara' }, 'password'],
    ['a five-character password', { ...NEWCOMER, password: '12345' }, 'password'],
    ['a 201-character password', { ...NEWCOMER, password: 'p'.repeat(201) }, 'password'],
    ['a 21-character gender', { ...NEWCOMER, gender: 'g'.repeat(21) }, 'gender'],
    ['a gender that is not a string', { ...NEWCOMER, gender: 1 }, 'gender'],
  ])('rejects %s with 400 invalid_input naming the field, and leaves the invitation valid', async (_label, body, field) => {
    const { token, invite } = await issue(manager);
    const response = await accept(token, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
    expect(response.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect((await storedInvite(invite.id)).usedAt).toBeNull();
  });

  it('answers 415 to a body that is not JSON, and leaves the invitation valid', async () => {
    const { token, invite } = await issue(manager);
    const response = await server.client().request('POST', `/api/invite/${token}/accept`, {
      rawBody: 'name=Sara&username=sara&password=sara-password-1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect((await storedInvite(invite.id)).usedAt).toBeNull();
  });

  it('needs no session, and a signed-in caller gets the new account session', async () => {
    const { token } = await issue(manager);
    const client = manager.clone();
    const response = await accept(token, NEWCOMER, client);
    expect(response.status).toBe(201);
    expect((await client.get('/api/me')).body.user.username).toBe('sara');
  });

  it('trims the name and accepts a username in any script', async () => {
    const { token } = await issue(manager);
    const response = await accept(token, { name: '  سارا  ', username: 'سارا_۱', password: 'sara-password-1' });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ name: 'سارا', username: 'سارا_۱' });
  });

  it('stores the password hashed, never the password or the token', async () => {
    const { token, invite } = await issue(manager);
    const response = await accept(token);
    const user = await server.em().findOneOrFail(User, response.body.user.id, { populate: ['passwordHash'] });
    expect(user.passwordHash).not.toContain(NEWCOMER.password);
    expect(await server.services.hasher.verify(user.passwordHash, NEWCOMER.password)).toBe(true);
    const stored = await storedInvite(invite.id);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.tokenHash).toBe(tokenHash(token));
  });

  it('is also served over tRPC as invites.accept, setting the cookie and answering 410 the second time', async () => {
    const { token } = await issue(manager);
    const client = server.client();
    const response = await client.post('/trpc/invites.accept', { token, ...NEWCOMER });
    expect(response.status).toBe(200);
    expect(response.body.result.data.user).toMatchObject({ username: 'sara', role: 'employee' });
    expect(client.sessionCookie).toBeDefined();
    const again = await server.client().post('/trpc/invites.accept', { token, ...NEWCOMER, username: 'other' });
    expect(again.status).toBe(410);
    expect(again.body.error.data.code).toBe('invite_used');
  });
});
