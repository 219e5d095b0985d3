import { beforeEach, describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { Invite } from '../server/db/entities/invite.js';
import { tokenHash } from '../server/services/sessions/tokens.js';
import type { TestClient } from './support/client.js';
import { ADMIN, insertSignedInUser, insertWard } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://nobat.example.org';

describe('invitations: issue, read, list and revoke', () => {
  const { server, installation: install } = useFreshInstallation({ env: { PUBLIC_URL }, clockAt: '2026-11-22T08:00:00.000Z' });
  /** A second ward of the same hospital. */
  let otherWardId: number;
  /** A manager (not super admin) of the first ward. */
  let manager: TestClient;
  let managerId: number;

  beforeEach(async () => {
    otherWardId = await insertWard(server, install.hospitalId, 'Emergency');
    const signedIn = await insertSignedInUser(server, install, {
      username: 'nurse-manager',
      password: 'manager-password-1',
      name: 'Maryam Manager',
      role: 'manager',
    });
    managerId = signedIn.id;
    manager = signedIn.client;
  });

  const inviteCount = () => server.em().count(Invite, {});

  async function issue(client: TestClient, body: Record<string, unknown> = { role: 'staff' }, headers?: Record<string, string>) {
    const response = await client.post('/api/invites', body, headers ? { headers } : {});
    return response;
  }

  describe('POST /api/invites', () => {
    it('answers 201 with the invitation, a URL-safe token of at least 128 bits and a link on PUBLIC_URL', async () => {
      const response = await issue(manager, { role: 'staff', name: '  Sara Nurse ', category: 'RN' });
      expect(response.status).toBe(201);
      const { invite, token, url } = response.body;
      expect(invite).toEqual({
        id: expect.any(Number),
        role: 'staff',
        wardId: install.wardId,
        name: 'Sara Nurse',
        category: 'RN',
        status: 'valid',
        expiresAt: new Date(server.clock.now().getTime() + 7 * DAY).toISOString(),
        createdAt: server.clock.now().toISOString(),
      });
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(url).toBe(`${PUBLIC_URL}/invite/${token}`);
    });

    it('stores only the SHA-256 of the token, never the token itself', async () => {
      const { body } = await issue(manager);
      const stored = await server.em().findOneOrFail(Invite, body.invite.id);
      expect(stored.tokenHash).toBe(tokenHash(body.token));
      expect(JSON.stringify(stored)).not.toContain(body.token);
    });

    it('gives every invitation a different token', async () => {
      const tokens = new Set<string>();
      for (let i = 0; i < 5; i++) tokens.add((await issue(manager)).body.token);
      expect(tokens.size).toBe(5);
    });

    it('leaves out name and category as null when they are not given', async () => {
      const { body } = await issue(manager, { role: 'staff' });
      expect(body.invite).toMatchObject({ name: null, category: null });
    });

    it('lets the invitation live `days` whole days, from 1 to 30', async () => {
      const one = await issue(manager, { role: 'staff', days: 1 });
      const thirty = await issue(manager, { role: 'staff', days: 30 });
      const now = server.clock.now().getTime();
      expect(one.status).toBe(201);
      expect(one.body.invite.expiresAt).toBe(new Date(now + DAY).toISOString());
      expect(thirty.status).toBe(201);
      expect(thirty.body.invite.expiresAt).toBe(new Date(now + 30 * DAY).toISOString());
    });

    it.each([
      ['0', 0],
      ['31', 31],
      ['2.5', 2.5],
      ['-1', -1],
      ['"7" (a string)', '7'],
      ['true', true],
      ['[5]', [5]],
    ])('rejects days %s with 400 invalid_input naming the field, and stores nothing', async (_label, days) => {
      const response = await issue(manager, { role: 'staff', days });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
      expect(response.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'days' })]));
      expect(await inviteCount()).toBe(0);
    });

    it('rejects a string days on the tRPC face too, after the REST face has served the procedure', async () => {
      await issue(manager, { role: 'staff', days: '7' });
      const response = await manager.post('/trpc/invites.issue', { role: 'staff', days: '7' });
      expect(response.status).toBe(400);
      expect(response.body.error.data.code).toBe('invalid_input');
      expect(await inviteCount()).toBe(0);
    });

    it('rejects a wardId sent as a string', async () => {
      const response = await issue(manager, { role: 'staff', wardId: String(install.wardId) });
      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'wardId' })]));
    });

    it.each([
      ['an unknown role', { role: 'doctor' }, 'role'],
      ['no role', {}, 'role'],
      ['a 101-character category', { role: 'staff', category: 'c'.repeat(101) }, 'category'],
      ['a 201-character name', { role: 'staff', name: 'n'.repeat(201) }, 'name'],
      ['a non-numeric wardId', { role: 'staff', wardId: 'ICU' }, 'wardId'],
    ])('rejects %s with 400 invalid_input and stores nothing', async (_label, body, field) => {
      const response = await issue(manager, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
      expect(response.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
      expect(await inviteCount()).toBe(0);
    });

    it('accepts a category of exactly 100 characters', async () => {
      const response = await issue(manager, { role: 'staff', category: 'c'.repeat(100) });
      expect(response.status).toBe(201);
    });

    it('answers 403 forbidden when a manager who is not super admin issues a head-nurse invitation, and stores nothing', async () => {
      const response = await issue(manager, { role: 'head_nurse' });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('forbidden');
      expect(await inviteCount()).toBe(0);
    });

    it('lets a super admin issue a head-nurse invitation', async () => {
      const response = await issue(install.admin, { role: 'head_nurse' });
      expect(response.status).toBe(201);
      expect(response.body.invite.role).toBe('head_nurse');
    });

    it('issues into the selected ward by default', async () => {
      const response = await issue(install.admin, { role: 'staff' }, { 'X-Ward': String(otherWardId) });
      expect(response.status).toBe(201);
      expect(response.body.invite.wardId).toBe(otherWardId);
    });

    it('lets a super admin issue into any ward of the hospital through wardId', async () => {
      const response = await issue(install.admin, { role: 'staff', wardId: otherWardId });
      expect(response.status).toBe(201);
      expect(response.body.invite.wardId).toBe(otherWardId);
    });

    it('answers 403 ward_forbidden when a manager names a ward other than their own, and stores nothing', async () => {
      const response = await issue(manager, { role: 'staff', wardId: otherWardId });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
      expect(await inviteCount()).toBe(0);
    });

    it('answers 403 ward_forbidden for a ward that does not exist', async () => {
      const response = await issue(install.admin, { role: 'staff', wardId: 999_999 });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
      expect(await inviteCount()).toBe(0);
    });

    it('answers 403 ward_forbidden for a ward of another hospital, even to a super admin', async () => {
      const em = server.em();
      const hospital = em.create(Hospital, { name: 'Other Hospital', createdAt: server.clock.now() });
      await em.flush();
      const foreignWard = await insertWard(server, hospital.id, 'Foreign ICU');
      const response = await issue(install.admin, { role: 'staff', wardId: foreignWard });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
    });

    it('answers 403 ward_forbidden when the selected ward is not one the manager may use', async () => {
      const response = await issue(manager, { role: 'staff' }, { 'X-Ward': String(otherWardId) });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
    });

    it('answers 403 forbidden to an employee', async () => {
      const { client: employee } = await insertSignedInUser(server, install, { username: 'staffer', password: 'staff-password-1' });
      const response = await issue(employee);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('forbidden');
      expect(await inviteCount()).toBe(0);
    });

    it('answers 403 must_change_password to a manager whose password change is pending', async () => {
      const { client: pending } = await insertSignedInUser(server, install, {
        username: 'new-manager',
        password: 'initial-password-1',
        role: 'manager',
        mustChangePassword: true,
      });
      const response = await issue(pending);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('must_change_password');
    });

    it('answers 401 unauthenticated without a session', async () => {
      const response = await issue(server.client());
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthenticated');
    });

    it('answers 415 to a body that is not JSON', async () => {
      const response = await manager.request('POST', '/api/invites', { rawBody: 'role=staff', contentType: 'application/x-www-form-urlencoded' });
      expect(response.status).toBe(415);
      expect(await inviteCount()).toBe(0);
    });

    it('records an invite_issued event naming the issuer', async () => {
      await issue(manager);
      const events = await server.em().find(AuthEvent, { type: 'invite_issued' });
      expect(events).toHaveLength(1);
      expect(events[0]!.actor?.id).toBe(managerId);
    });

    it('is also served over tRPC as invites.issue', async () => {
      const response = await manager.post('/trpc/invites.issue', { role: 'staff', days: 3 });
      expect(response.status).toBe(200);
      expect(response.body.result.data.invite).toMatchObject({ role: 'staff', status: 'valid', wardId: install.wardId });
      const refused = await manager.post('/trpc/invites.issue', { role: 'head_nurse' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.data.code).toBe('forbidden');
    });
  });

  describe('GET /api/invite/{token}', () => {
    it('answers 200 with the ward, role, expiry, inviter and the prefilled name and category, to anyone', async () => {
      const { body } = await issue(manager, { role: 'staff', name: 'Sara Nurse', category: 'RN', days: 2 });
      const response = await server.client().get(`/api/invite/${body.token}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ward: { id: install.wardId, name: 'ICU' },
        role: 'staff',
        expiresAt: body.invite.expiresAt,
        inviter: { id: managerId, name: 'Maryam Manager' },
        name: 'Sara Nurse',
        category: 'RN',
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('answers with null name and category when none were given', async () => {
      const { body } = await issue(install.admin, { role: 'head_nurse', wardId: otherWardId });
      const response = await server.client().get(`/api/invite/${body.token}`);
      expect(response.body).toMatchObject({ ward: { id: otherWardId, name: 'Emergency' }, role: 'head_nurse', name: null, category: null });
      expect(response.body.inviter).toEqual({ id: install.adminId, name: ADMIN.name });
    });

    it.each([
      ['a well-formed token that was never issued', 'A'.repeat(43)],
      ['a token with an encoded slash', 'abc%2Fdef'],
      ['a token with dots', 'abc.def..ghi'],
      ['a token of three dots', '...'],
      ['a 500-character token', 'x'.repeat(500)],
      ['a malformed percent-encoding', '%E0%A4%A'],
      ['a lone percent sign', '%'],
      ['a percent-encoded NUL', '%00'],
      ['a token in another script', encodeURIComponent('دعوت')],
    ])('answers 404 invite_not_found to %s, never a 500', async (_label, token) => {
      const response = await server.client().get(`/api/invite/${token}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: expect.any(String), code: 'invite_not_found' });
    });

    it('answers 404 to a real token with one character changed', async () => {
      const { body } = await issue(manager);
      const token: string = body.token;
      const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
      expect((await server.client().get(`/api/invite/${altered}`)).status).toBe(404);
    });

    it('finds a percent-encoded real token', async () => {
      const { body } = await issue(manager);
      const encoded = [...body.token as string].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
      expect((await server.client().get(`/api/invite/${encoded}`)).status).toBe(200);
    });

    it('answers 410 invite_expired once the expiry is reached, and not a millisecond before', async () => {
      const { body } = await issue(manager, { role: 'staff', days: 1 });
      server.clock.advance(DAY - 1);
      expect((await server.client().get(`/api/invite/${body.token}`)).status).toBe(200);
      server.clock.advance(1);
      const response = await server.client().get(`/api/invite/${body.token}`);
      expect(response.status).toBe(410);
      expect(response.body.code).toBe('invite_expired');
    });

    it('answers 410 invite_revoked after a revoke', async () => {
      const { body } = await issue(manager);
      expect((await manager.delete(`/api/invites/${body.invite.id}`)).status).toBe(200);
      const response = await server.client().get(`/api/invite/${body.token}`);
      expect(response.status).toBe(410);
      expect(response.body.code).toBe('invite_revoked');
    });

    it('answers in English when the request prefers it', async () => {
      const response = await server.client().get(`/api/invite/${'A'.repeat(43)}`, { headers: { 'Accept-Language': 'en' } });
      expect(response.body.error).toBe('The invitation was not found.');
    });

    it('is also served over tRPC as invites.read, with the same statuses', async () => {
      const { body } = await issue(manager);
      const input = (token: string) => encodeURIComponent(JSON.stringify({ token }));
      const found = await server.client().get(`/trpc/invites.read?input=${input(body.token)}`);
      expect(found.status).toBe(200);
      expect(found.body.result.data.inviter.id).toBe(managerId);
      const missing = await server.client().get(`/trpc/invites.read?input=${input('nope')}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.data.code).toBe('invite_not_found');
      await manager.delete(`/api/invites/${body.invite.id}`);
      const revoked = await server.client().get(`/trpc/invites.read?input=${input(body.token)}`);
      expect(revoked.status).toBe(410);
      expect(revoked.body.error.data.code).toBe('invite_revoked');
    });
  });

  describe('GET /api/invites', () => {
    it("lists the selected ward's invitations, newest first, each with its derived status", async () => {
      const expiring = await issue(manager, { role: 'staff', days: 1, name: 'first' });
      server.clock.advance(60_000);
      const revoked = await issue(manager, { role: 'staff', name: 'second' });
      server.clock.advance(60_000);
      const accepted = await issue(manager, { role: 'staff', name: 'third' });
      server.clock.advance(60_000);
      const open = await issue(manager, { role: 'staff', name: 'fourth' });
      await manager.delete(`/api/invites/${revoked.body.invite.id}`);
      const acceptance = await server
        .client()
        .post(`/api/invite/${accepted.body.token}/accept`, { name: 'Third', username: 'third', password: 'third-password' });
      expect(acceptance.status).toBe(201);
      server.clock.advance(DAY);

      const response = await manager.get('/api/invites');
      expect(response.status).toBe(200);
      expect(response.body.invites.map((invite: { id: number; status: string }) => [invite.id, invite.status])).toEqual([
        [open.body.invite.id, 'valid'],
        [accepted.body.invite.id, 'used'],
        [revoked.body.invite.id, 'revoked'],
        [expiring.body.invite.id, 'expired'],
      ]);
      expect(response.body.invites[0]).toEqual({ ...open.body.invite });
    });

    it('shows only the selected ward', async () => {
      const here = await issue(install.admin, { role: 'staff' });
      const there = await issue(install.admin, { role: 'staff', wardId: otherWardId });
      const home = await install.admin.get('/api/invites');
      expect(home.body.invites.map((invite: { id: number }) => invite.id)).toEqual([here.body.invite.id]);
      const selected = await install.admin.get(`/api/invites?ward=${otherWardId}`);
      expect(selected.body.invites.map((invite: { id: number }) => invite.id)).toEqual([there.body.invite.id]);
      const forManager = await manager.get('/api/invites');
      expect(forManager.body.invites.map((invite: { id: number }) => invite.id)).toEqual([here.body.invite.id]);
    });

    it('answers 403 ward_forbidden when a manager selects another ward', async () => {
      const response = await manager.get('/api/invites', { headers: { 'X-Ward': String(otherWardId) } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ward_forbidden');
    });

    it('answers 403 forbidden to an employee and 401 without a session', async () => {
      const { client: employee } = await insertSignedInUser(server, install, { username: 'staffer', password: 'staff-password-1' });
      expect((await employee.get('/api/invites')).body.code).toBe('forbidden');
      expect((await server.client().get('/api/invites')).status).toBe(401);
    });

    it('never shows a token or a token hash in a list or metadata response', async () => {
      const issued = await issue(manager, { role: 'staff', name: 'Sara' });
      const { token } = issued.body;
      const hash = tokenHash(token);
      const responses = [
        await manager.get('/api/invites'),
        await server.client().get(`/api/invite/${token}`),
        await manager.get(`/trpc/invites.list`),
      ];
      for (const response of responses) {
        expect(response.status).toBe(200);
        expect(response.text).not.toContain(token);
        expect(response.text).not.toContain(hash);
        expect(response.text).not.toMatch(/tokenHash|token_hash/i);
      }
      expect(Object.keys(responses[0]!.body.invites[0]).sort()).toEqual(
        ['category', 'createdAt', 'expiresAt', 'id', 'name', 'role', 'status', 'wardId'],
      );
      expect(JSON.stringify(issued.body.invite)).not.toContain(hash);
    });

    it('never writes a token or a token hash to the logs', async () => {
      const { body } = await issue(manager);
      const { token } = body;
      await server.client().get(`/api/invite/${token}`);
      await server.client().get(`/trpc/invites.read?input=${encodeURIComponent(JSON.stringify({ token }))}`);
      await server.client().post(`/api/invite/${token}/accept`, { name: 'Logged', username: 'logged', password: 'logged-password' });
      await server.client().get(`/api/invite/${token}`);
      const logs = server.logs.join('\n');
      expect(logs).toContain('/invite/');
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(tokenHash(token));
    });
  });

  describe('DELETE /api/invites/{id}', () => {
    it('revokes a valid invitation: 200 { ok: true }, then status revoked', async () => {
      const { body } = await issue(manager);
      const response = await manager.delete(`/api/invites/${body.invite.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      const listed = await manager.get('/api/invites');
      expect(listed.body.invites[0]).toMatchObject({ id: body.invite.id, status: 'revoked' });
      const stored = await server.em().findOneOrFail(Invite, body.invite.id);
      expect(stored.revokedAt?.toISOString()).toBe(server.clock.now().toISOString());
      expect(stored.usedAt).toBeNull();
    });

    it('records an invite_revoked event naming who revoked it', async () => {
      const { body } = await issue(manager);
      await manager.delete(`/api/invites/${body.invite.id}`);
      const events = await server.em().find(AuthEvent, { type: 'invite_revoked' });
      expect(events).toHaveLength(1);
      expect(events[0]!.actor?.id).toBe(managerId);
    });

    it('answers 409 invite_not_revocable to a second revoke', async () => {
      const { body } = await issue(manager);
      await manager.delete(`/api/invites/${body.invite.id}`);
      const again = await manager.delete(`/api/invites/${body.invite.id}`);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('invite_not_revocable');
      expect(await server.em().count(AuthEvent, { type: 'invite_revoked' })).toBe(1);
    });

    it('answers 409 invite_not_revocable to an expired invitation, and leaves it expired', async () => {
      const { body } = await issue(manager, { role: 'staff', days: 1 });
      server.clock.advance(DAY);
      const response = await manager.delete(`/api/invites/${body.invite.id}`);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('invite_not_revocable');
      expect((await manager.get('/api/invites')).body.invites[0].status).toBe('expired');
    });

    it('answers 409 invite_not_revocable to a used invitation, and leaves it used', async () => {
      const { body } = await issue(manager);
      await server.client().post(`/api/invite/${body.token}/accept`, { name: 'Sara', username: 'sara', password: 'sara-password' });
      const response = await manager.delete(`/api/invites/${body.invite.id}`);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('invite_not_revocable');
      const stored = await server.em().findOneOrFail(Invite, body.invite.id);
      expect(stored.revokedAt).toBeNull();
      expect(stored.usedAt).not.toBeNull();
    });

    it('answers 404 invite_not_found for an invitation of another ward, and leaves it valid', async () => {
      const { body } = await issue(install.admin, { role: 'staff', wardId: otherWardId });
      const response = await manager.delete(`/api/invites/${body.invite.id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('invite_not_found');
      expect((await server.client().get(`/api/invite/${body.token}`)).status).toBe(200);
    });

    it('lets a super admin revoke an invitation of any ward of the hospital', async () => {
      const { body } = await issue(manager);
      const response = await install.admin.delete(`/api/invites/${body.invite.id}`);
      expect(response.status).toBe(200);
    });

    it('answers 404 invite_not_found for an invitation of another hospital, even to its super admin', async () => {
      const em = server.em();
      const hospital = em.create(Hospital, { name: 'Other Hospital', createdAt: server.clock.now() });
      await em.flush();
      const foreignWard = await insertWard(server, hospital.id, 'Foreign ICU');
      const { client: foreignAdmin } = await insertSignedInUser(server, { hospitalId: hospital.id, wardId: foreignWard }, {
        username: 'foreign-admin',
        password: 'foreign-password',
        role: 'manager',
        isSuperAdmin: true,
      });
      const { body } = await issue(manager);
      const response = await foreignAdmin.delete(`/api/invites/${body.invite.id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('invite_not_found');
    });

    it('answers 404 invite_not_found for an id that does not exist', async () => {
      const response = await manager.delete('/api/invites/424242');
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('invite_not_found');
    });

    it('answers 400 invalid_input for an id that is not a number, or too large to be one', async () => {
      expect((await manager.delete('/api/invites/abc')).body.code).toBe('invalid_input');
      expect((await manager.delete('/api/invites/99999999999')).body.code).toBe('invalid_input');
    });

    it('answers 403 forbidden to an employee, and 401 without a session', async () => {
      const { body } = await issue(manager);
      const { client: employee } = await insertSignedInUser(server, install, { username: 'staffer', password: 'staff-password-1' });
      expect((await employee.delete(`/api/invites/${body.invite.id}`)).body.code).toBe('forbidden');
      expect((await server.client().delete(`/api/invites/${body.invite.id}`)).status).toBe(401);
      expect((await server.client().get(`/api/invite/${body.token}`)).status).toBe(200);
    });

    it('answers 415 without a JSON content type', async () => {
      const { body } = await issue(manager);
      const response = await manager.delete(`/api/invites/${body.invite.id}`, { contentType: null });
      expect(response.status).toBe(415);
      expect((await server.client().get(`/api/invite/${body.token}`)).status).toBe(200);
    });
  });
});
