import { beforeEach, describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Passkey } from '../server/db/entities/passkey.js';
import { Session } from '../server/db/entities/session.js';
import { WebauthnChallenge } from '../server/db/entities/webauthn-challenge.js';
import type { TestClient } from './support/client.js';
import { ADMIN, insertSignedInUser, signIn } from './support/fixtures.js';
import { registerPasskey, signInWithPasskey } from './support/passkeys.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { useFreshInstallation } from './support/suite.js';

const PUBLIC_URL = 'https://nobat.hospital.test';
const RP_ID = 'nobat.hospital.test';
const WEB_APP = 'https://app.hospital.test';
const PASSWORD = 'employee-password-1';

describe('passkeys', () => {
  const { server, installation } = useFreshInstallation({ env: { PUBLIC_URL, WEBAUTHN_ORIGINS: `${WEB_APP}/` } });
  let sara: { id: number; client: TestClient };
  let phone: SoftwareAuthenticator;

  beforeEach(async () => {
    sara = await insertSignedInUser(server, installation, { username: 'sara', password: PASSWORD, name: 'Sara Ahmadi' });
    phone = new SoftwareAuthenticator(PUBLIC_URL, { backupEligible: true, backedUp: true });
  });

  const passkeyRows = () => server.em().find(Passkey, {}, { orderBy: { createdAt: 'asc' } });
  const eventsOf = (type: string) => server.em().find(AuthEvent, { type }, { orderBy: { id: 'asc' } });

  describe('registration', () => {
    it('offers options for a discoverable credential with user verification, for PUBLIC_URL as the relying party', async () => {
      const response = await sara.client.post('/api/account/passkeys/options', {});
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toMatchObject({
        challenge: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
        rp: { id: RP_ID, name: expect.any(String) },
        user: { id: expect.any(String), name: 'sara', displayName: 'Sara Ahmadi' },
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      expect(response.body.pubKeyCredParams).toEqual(expect.arrayContaining([{ type: 'public-key', alg: -7 }]));
      // Kept server-side for 5 minutes.
      const [stored] = await server.em().find(WebauthnChallenge, { challenge: response.body.challenge });
      expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(5 * 60 * 1000);
      expect(stored!.usedAt).toBeNull();
    });

    it('keeps a verified credential with its public key, counter, transports and backup state; 201 { passkey }', async () => {
      const response = await registerPasskey(sara.client, phone, '  Ward phone  ');
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        passkey: { id: expect.any(String), name: 'Ward phone', createdAt: server.clock.now().toISOString(), lastUsedAt: null },
      });
      const [row] = await passkeyRows();
      expect(row).toMatchObject({
        id: response.body.passkey.id,
        credentialId: phone.credentials[0]!.id.toString('base64url'),
        counter: 0,
        transports: ['internal', 'hybrid'],
        multiDevice: true,
        backedUp: true,
      });
      expect(Buffer.from(row!.publicKey).equals(phone.credentials[0]!.publicKey)).toBe(true);
      const list = await sara.client.get('/api/account/passkeys');
      expect(list.body).toEqual({ passkeys: [response.body.passkey] });
      expect((await eventsOf('passkey_registered')).map((event) => event.user?.id)).toEqual([sara.id]);
      // The answer holds nothing of the credential itself.
      expect(response.text).not.toContain(row!.credentialId);
    });

    it('lists excludeCredentials on a second registration, so the same authenticator is not registered twice', async () => {
      expect((await registerPasskey(sara.client, phone)).status).toBe(201);
      const options = await sara.client.post('/api/account/passkeys/options', {});
      expect(options.body.excludeCredentials).toEqual([
        { id: phone.credentials[0]!.id.toString('base64url'), type: 'public-key', transports: ['internal', 'hybrid'] },
      ]);
      // The same user handle, so that an authenticator would replace rather than add.
      const first = await server.em().findOneOrFail(Passkey, { user: sara.id });
      expect(options.body.user.id).toBe(first.userHandle);
      expect(() => phone.create(options.body)).toThrow(/InvalidStateError/);
      server.clock.advance(1000);
      expect((await registerPasskey(sara.client, new SoftwareAuthenticator(PUBLIC_URL), 'Laptop')).status).toBe(201);
      expect((await sara.client.get('/api/account/passkeys')).body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Ward phone', 'Laptop']);
    });

    it.each([
      ['a replayed registration response', 'replay'],
      ['a wrong origin', 'origin'],
      ['a wrong RP ID', 'rpId'],
      ['no user verification', 'uv'],
      ['an expired challenge', 'expired'],
      ["another user's challenge", 'otherUser'],
    ])('answers 400 passkey_invalid to %s and keeps nothing', async (_name, kind) => {
      if (kind === 'replay') {
        const options = await sara.client.post('/api/account/passkeys/options', {});
        const body = { name: 'Phone', response: phone.create(options.body) };
        expect((await sara.client.post('/api/account/passkeys', body)).status).toBe(201);
        const again = await sara.client.post('/api/account/passkeys', body);
        expect([again.status, again.body.code]).toEqual([400, 'passkey_invalid']);
        expect(await passkeyRows()).toHaveLength(1);
        return;
      }
      let client = sara.client;
      const options = await sara.client.post('/api/account/passkeys/options', {});
      const overrides =
        kind === 'origin' ? { origin: 'https://nobat.hospital.test.evil.example' }
        : kind === 'rpId' ? { rpId: 'evil.example' }
        : kind === 'uv' ? { userVerified: false }
        : {};
      if (kind === 'expired') server.clock.advance(5 * 60 * 1000 + 1000);
      if (kind === 'otherUser') client = (await insertSignedInUser(server, installation, { username: 'reza', password: PASSWORD })).client;
      const response = await client.post('/api/account/passkeys', { name: 'Phone', response: phone.create(options.body, overrides) });
      expect([response.status, response.body]).toEqual([400, { error: expect.any(String), code: 'passkey_invalid' }]);
      expect(await passkeyRows()).toEqual([]);
    });

    it('keeps exactly one passkey when one registration response is sent several times in parallel', async () => {
      const options = await sara.client.post('/api/account/passkeys/options', {});
      const body = { name: 'Phone', response: phone.create(options.body) };
      const answers = await Promise.all(Array.from({ length: 5 }, () => sara.client.post('/api/account/passkeys', body)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400, 400]);
      expect(await passkeyRows()).toHaveLength(1);
    });

    it('accepts a page of WEBAUTHN_ORIGINS beside PUBLIC_URL', async () => {
      const webApp = new SoftwareAuthenticator(WEB_APP);
      expect((await registerPasskey(sara.client, webApp)).status).toBe(201);
      const ceremony = await signInWithPasskey(server.client(), webApp);
      expect(ceremony.response.status).toBe(200);
    });

    it('keeps at most 10 passkeys per account', async () => {
      for (let n = 1; n <= 10; n++) expect((await registerPasskey(sara.client, new SoftwareAuthenticator(PUBLIC_URL), `Key ${n}`)).status).toBe(201);
      const options = await sara.client.post('/api/account/passkeys/options', {});
      expect([options.status, options.body.code]).toEqual([400, 'passkey_invalid']);
      expect(await passkeyRows()).toHaveLength(10);
    });

    it('answers 400 passkey_invalid on the tRPC face too, where sign-in answers 401 with the same code', async () => {
      await sara.client.post('/api/account/passkeys/options', {});
      const bad = { name: 'Phone', response: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'AA', attestationObject: 'AA' } } };
      const registration = await sara.client.post('/trpc/passkeys.register', bad);
      expect([registration.status, registration.body.error.data.code, registration.body.error.data.httpStatus]).toEqual([400, 'passkey_invalid', 400]);
      const signIn = await server.client().post('/trpc/passkeys.signIn', { challengeId: 'none', response: { ...bad.response, response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' } } });
      expect([signIn.status, signIn.body.error.data.code]).toEqual([401, 'passkey_invalid']);
    });

    it('needs a session, and is behind the password-change gate', async () => {
      const anonymous = await server.client().post('/api/account/passkeys/options', {});
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'unauthenticated']);
      const pending = await insertSignedInUser(server, installation, { username: 'pending', password: PASSWORD, mustChangePassword: true });
      const gated = await pending.client.post('/api/account/passkeys/options', {});
      expect([gated.status, gated.body.code]).toEqual([403, 'must_change_password']);
    });
  });

  describe('sign-in', () => {
    beforeEach(async () => {
      expect((await registerPasskey(sara.client, phone)).status).toBe(201);
    });

    it('offers a challenge for any discoverable credential, asking no username', async () => {
      const response = await server.client().post('/api/auth/passkey/options', {});
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        options: expect.objectContaining({ challenge: expect.any(String), rpId: RP_ID, allowCredentials: [], userVerification: 'required' }),
      });
    });

    it('registers, signs out, and signs in with the passkey: session, cookie, { user }, audit', async () => {
      expect((await sara.client.post('/api/auth/logout', {})).status).toBe(200);
      expect((await sara.client.get('/api/me')).status).toBe(401);
      server.clock.advance(60_000);

      const ceremony = await signInWithPasskey(sara.client, phone);
      expect(ceremony.response.status).toBe(200);
      expect(ceremony.response.body.user).toMatchObject({ id: sara.id, username: 'sara' });
      expect(ceremony.response.setCookies.join()).toMatch(/nobat_sid=[^;]+;.*HttpOnly/i);
      expect(ceremony.response.headers.get('cache-control')).toBe('no-store');
      const me = await sara.client.get('/api/me');
      expect([me.status, me.body.user.id]).toEqual([200, sara.id]);

      const [row] = await passkeyRows();
      expect(row).toMatchObject({ counter: 1, lastUsedAt: server.clock.now() });
      expect((await sara.client.get('/api/account/passkeys')).body.passkeys[0].lastUsedAt).toBe(server.clock.now().toISOString());
      const signIns = await eventsOf('login_succeeded');
      expect(signIns.at(-1)).toMatchObject({ user: expect.objectContaining({ id: sara.id }), reason: 'passkey' });
      expect(await server.em().findOne(WebauthnChallenge, { id: ceremony.challengeId })).toMatchObject({ usedAt: server.clock.now() });
    });

    it('revokes the session presented with the sign-in', async () => {
      const before = sara.client.clone();
      expect((await signInWithPasskey(sara.client, phone)).response.status).toBe(200);
      expect((await before.get('/api/me')).status).toBe(401);
      expect((await sara.client.get('/api/me')).status).toBe(200);
    });

    it('answers 401 passkey_invalid to a replayed assertion, starting no session', async () => {
      const anonymous = server.client();
      const ceremony = await signInWithPasskey(anonymous, phone);
      expect(ceremony.response.status).toBe(200);
      const sessions = await server.em().count(Session, {});
      const replay = await server.client().post('/api/auth/passkey', { challengeId: ceremony.challengeId, response: ceremony.assertion });
      expect([replay.status, replay.body]).toEqual([401, { error: expect.any(String), code: 'passkey_invalid' }]);
      expect(replay.setCookies).toEqual([]);
      expect(await server.em().count(Session, {})).toBe(sessions);
    });

    it('answers 401 to a second use of one challenge, even with a fresh assertion', async () => {
      const first = await signInWithPasskey(server.client(), phone);
      expect(first.response.status).toBe(200);
      const fresh = phone.get({ challenge: (await server.em().findOneOrFail(WebauthnChallenge, first.challengeId)).challenge, rpId: RP_ID });
      const second = await server.client().post('/api/auth/passkey', { challengeId: first.challengeId, response: fresh });
      expect([second.status, second.body.code]).toEqual([401, 'passkey_invalid']);
    });

    it('answers 401 when the challenge is older than 5 minutes, and spends it', async () => {
      const client = server.client();
      const options = await client.post('/api/auth/passkey/options', {});
      server.clock.advance(5 * 60 * 1000 + 1);
      const late = await client.post('/api/auth/passkey', { challengeId: options.body.challengeId, response: phone.get(options.body.options) });
      expect([late.status, late.body.code]).toEqual([401, 'passkey_invalid']);

      const timely = await client.post('/api/auth/passkey/options', {});
      server.clock.advance(5 * 60 * 1000 - 1000);
      const inTime = await client.post('/api/auth/passkey', { challengeId: timely.body.challengeId, response: phone.get(timely.body.options) });
      expect(inTime.status).toBe(200);
    });

    it.each([
      ['a wrong origin', { origin: 'https://evil.example' }],
      ['a wrong RP ID', { rpId: 'evil.example' }],
      ['no user verification', { userVerified: false }],
    ])('answers 401 passkey_invalid to %s, and the challenge is spent', async (_name, overrides) => {
      const ceremony = await signInWithPasskey(server.client(), phone, overrides);
      expect([ceremony.response.status, ceremony.response.body.code]).toEqual([401, 'passkey_invalid']);
      // The same challenge cannot be tried again with a good assertion.
      const options = await server.em().findOneOrFail(WebauthnChallenge, ceremony.challengeId);
      expect(options.usedAt).not.toBeNull();
      const retry = await server.client().post('/api/auth/passkey', { challengeId: ceremony.challengeId, response: phone.get({ challenge: options.challenge, rpId: RP_ID }) });
      expect(retry.status).toBe(401);
      const failures = await eventsOf('login_failed');
      expect(failures.at(-1)).toMatchObject({ user: expect.objectContaining({ id: sara.id }), reason: expect.stringMatching(/^passkey_/) });
    });

    it("answers 401 when the assertion names another account's user handle", async () => {
      const options = await server.client().post('/api/auth/passkey/options', {});
      const assertion = phone.get(options.body.options);
      // The signature does not cover the user handle: the service must compare it with the credential's.
      assertion.response.userHandle = Buffer.from('someone else').toString('base64url');
      const response = await server.client().post('/api/auth/passkey', { challengeId: options.body.challengeId, response: assertion });
      expect([response.status, response.body.code]).toEqual([401, 'passkey_invalid']);
    });

    it('answers 401 when the signature counter goes backwards or stays put', async () => {
      expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(200);
      expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(200);
      const stale = await signInWithPasskey(server.client(), phone, { counter: 1 });
      expect([stale.response.status, stale.response.body.code]).toEqual([401, 'passkey_invalid']);
      const same = await signInWithPasskey(server.client(), phone, { counter: 2 });
      expect(same.response.status).toBe(401);
      expect((await passkeyRows())[0]!.counter).toBe(2);
      expect((await signInWithPasskey(server.client(), phone, { counter: 7 })).response.status).toBe(200);
    });

    it('accepts an authenticator that keeps no counter (always 0) every time', async () => {
      const synced = new SoftwareAuthenticator(PUBLIC_URL, { keepsCounter: false });
      expect((await registerPasskey(sara.client, synced, 'Synced')).status).toBe(201);
      for (let n = 0; n < 3; n++) expect((await signInWithPasskey(server.client(), synced)).response.status).toBe(200);
    });

    it('gives the same 401 for an unknown credential and a bad signature', async () => {
      const stranger = new SoftwareAuthenticator(PUBLIC_URL);
      stranger.create({ challenge: 'x', rp: { id: RP_ID }, user: { id: 'someone' } });
      const unknown = await signInWithPasskey(server.client(), stranger);
      // Sara's credential id with a signature by another key.
      stranger.credentials[0]!.id = phone.credentials[0]!.id;
      stranger.credentials[0]!.counter = 50;
      const forged = await signInWithPasskey(server.client(), stranger);
      expect([unknown.response.status, unknown.response.body]).toEqual([401, { error: expect.any(String), code: 'passkey_invalid' }]);
      expect([forged.response.status, forged.response.body]).toEqual([unknown.response.status, unknown.response.body]);
    });

    it('answers 403 account_inactive for a passkey of a deactivated account, and signs in again once it is active', async () => {
      expect((await installation.admin.post(`/api/employees/${sara.id}/deactivate`, {})).status).toBe(200);
      const refused = await signInWithPasskey(server.client(), phone);
      expect([refused.response.status, refused.response.body.code]).toEqual([403, 'account_inactive']);
      expect(refused.response.setCookies).toEqual([]);
      // Deactivation keeps the passkey.
      expect(await passkeyRows()).toHaveLength(1);
      expect((await installation.admin.post(`/api/employees/${sara.id}/activate`, {})).status).toBe(200);
      expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(200);
    });

    it('keeps the passkey through a password reset, and the password gate still applies after a passkey sign-in', async () => {
      const reset = await installation.admin.post(`/api/employees/${sara.id}/password-reset`, { password: 'a-new-initial-1' });
      expect(reset.status).toBe(200);
      const client = server.client();
      const ceremony = await signInWithPasskey(client, phone);
      expect(ceremony.response.status).toBe(200);
      expect(ceremony.response.body.user.mustChangePassword).toBe(true);
      const gated = await client.get('/api/account/passkeys');
      expect([gated.status, gated.body.code]).toEqual([403, 'must_change_password']);
      expect((await client.get('/api/me')).status).toBe(200);
      expect((await client.post('/api/account/password', { current: 'a-new-initial-1', next: 'sara-own-pass-1' })).status).toBe(200);
      expect((await client.get('/api/account/passkeys')).status).toBe(200);
    });
  });

  describe('rename and removal', () => {
    let passkeyId: string;
    beforeEach(async () => {
      passkeyId = (await registerPasskey(sara.client, phone)).body.passkey.id;
    });

    it("renames and removes the caller's own passkey; a removed passkey signs in no more", async () => {
      const renamed = await sara.client.request('PATCH', `/api/account/passkeys/${passkeyId}`, { body: { name: 'Night shift phone' } });
      expect([renamed.status, renamed.body.passkey.name]).toEqual([200, 'Night shift phone']);
      expect((await sara.client.delete(`/api/account/passkeys/${passkeyId}`)).status).toBe(200);
      expect((await sara.client.get('/api/account/passkeys')).body.passkeys).toEqual([]);
      expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(401);
      expect((await eventsOf('passkey_renamed')).map((event) => event.user?.id)).toEqual([sara.id]);
      expect((await eventsOf('passkey_removed')).map((event) => event.user?.id)).toEqual([sara.id]);
    });

    it("answers 404 passkey_not_found to another user's passkey id on PATCH and DELETE, changing nothing", async () => {
      const admin = await signIn(server, ADMIN.username, ADMIN.password);
      const rename = await admin.request('PATCH', `/api/account/passkeys/${passkeyId}`, { body: { name: 'Mine now' } });
      expect([rename.status, rename.body.code]).toEqual([404, 'passkey_not_found']);
      const remove = await admin.delete(`/api/account/passkeys/${passkeyId}`);
      expect([remove.status, remove.body.code]).toEqual([404, 'passkey_not_found']);
      for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
        expect((await sara.client.delete(`/api/account/passkeys/${id}`)).body.code).toBe('passkey_not_found');
      }
      expect(await passkeyRows()).toEqual([expect.objectContaining({ id: passkeyId, name: 'Ward phone' })]);
    });

    it('answers 400 invalid_input to an empty name', async () => {
      const response = await sara.client.request('PATCH', `/api/account/passkeys/${passkeyId}`, { body: { name: '   ' } });
      expect([response.status, response.body.code]).toEqual([400, 'invalid_input']);
    });
  });
});
