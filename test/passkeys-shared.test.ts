import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Session } from '../server/db/entities/session.js';
import type { TestClient, TestResponse } from './support/client.js';
import { insertSignedInUser, setUpInstallation, signIn, ADMIN } from './support/fixtures.js';
import { registerPasskey, signInWithPasskey } from './support/passkeys.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { useFreshInstallation, useTestServer } from './support/suite.js';
import type { TestDatabase } from './support/database.js';

const PUBLIC_URL = 'https://nobat.hospital.test';
const PASSWORD = 'employee-password-1';
const WINDOW_SECONDS = 600;

function expectTooManyAttempts(response: TestResponse) {
  expect([response.status, response.body]).toEqual([429, { error: expect.any(String), code: 'too_many_attempts' }]);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_SECONDS);
}

describe('passkey sign-in under the sign-in rate limit', () => {
  const { server, installation } = useFreshInstallation({
    env: { PUBLIC_URL, LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_IP: '5', LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    clockAt: '2026-11-22T08:00:00.000Z',
  });
  let sara: { id: number; client: TestClient };
  let phone: SoftwareAuthenticator;
  let laptop: SoftwareAuthenticator;

  beforeEach(async () => {
    sara = await insertSignedInUser(server, installation, { username: 'sara', password: PASSWORD });
    phone = new SoftwareAuthenticator(PUBLIC_URL);
    laptop = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await registerPasskey(sara.client, phone)).status).toBe(201);
    expect((await registerPasskey(sara.client, laptop, 'Laptop')).status).toBe(201);
  });

  const failWith = async (authenticator: SoftwareAuthenticator) => {
    const ceremony = await signInWithPasskey(server.client(), authenticator, { origin: 'https://evil.example' });
    expect(ceremony.response.status).toBe(401);
  };

  it('refuses a credential after LOGIN_MAX_FAILURES failures from one address, even a good assertion, until the window passes', async () => {
    for (let n = 0; n < 3; n++) await failWith(phone);
    expectTooManyAttempts((await signInWithPasskey(server.client(), phone)).response);
    // Another credential from the same address is still below its own limit.
    expect((await signInWithPasskey(server.client(), laptop)).response.status).toBe(200);
    server.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(200);
  });

  it('records the first refused passkey sign-in of an address per window in the audit trail, not every one', async () => {
    const refusals = async () => (await server.em().find(AuthEvent, { reason: 'passkey_rate_limited' })).length;
    for (let n = 0; n < 3; n++) await failWith(phone);
    for (let n = 0; n < 3; n++) expectTooManyAttempts((await signInWithPasskey(server.client(), phone)).response);
    expect(await refusals()).toBe(1);
    server.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    for (let n = 0; n < 3; n++) await failWith(phone);
    for (let n = 0; n < 2; n++) expectTooManyAttempts((await signInWithPasskey(server.client(), phone)).response);
    expect(await refusals()).toBe(2);
  });

  it('counts passkey failures toward the address limit that password sign-in shares, options included', async () => {
    for (let n = 0; n < 3; n++) await failWith(phone);
    for (let n = 0; n < 2; n++) await failWith(laptop);
    expectTooManyAttempts(await server.client().post('/api/auth/passkey/options', {}));
    expectTooManyAttempts(await server.client().post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password }));
  });

  it("forgives a credential's failures on a successful sign-in with it", async () => {
    for (let n = 0; n < 2; n++) await failWith(phone);
    expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(200);
    for (let n = 0; n < 2; n++) await failWith(phone);
    expect((await signInWithPasskey(server.client(), phone)).response.status).toBe(200);
  });

  it("lets a browser whose device cookie names the credential's account through the per-address lock, and no other", async () => {
    const saraBrowser = server.client();
    expect((await signInWithPasskey(saraBrowser, laptop)).response.status).toBe(200);
    // A passkey sign-in marks the browser as a password sign-in does.
    expect(saraBrowser.cookies.get('nobat_device')).toBeDefined();
    const adminBrowser = await signIn(server, ADMIN.username, ADMIN.password);
    for (let n = 0; n < 3; n++) await failWith(phone);
    for (let n = 0; n < 2; n++) await failWith(laptop);
    expectTooManyAttempts(await server.client().post('/api/auth/passkey/options', {}));
    // Another account's device cookie gets a challenge, but not this credential past the address's limit.
    expectTooManyAttempts((await signInWithPasskey(adminBrowser, laptop)).response);
    expect((await signInWithPasskey(saraBrowser, laptop)).response.status).toBe(200);
    // The credential's own limit still holds, device cookie or not.
    expectTooManyAttempts((await signInWithPasskey(saraBrowser, phone)).response);
  });

  it('lets exactly one of parallel requests presenting one challenge start a session', async () => {
    const options = await server.client().post('/api/auth/passkey/options', {});
    const assertion = phone.get(options.body.options);
    const sessions = await server.em().count(Session, {});
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.client().post('/api/auth/passkey', { challengeId: options.body.challengeId, response: assertion })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others are refused: spent challenge (401), or the credential's failures reaching the limit meanwhile (429).
    expect(statuses.filter((status) => status !== 200).every((status) => status === 401 || status === 429)).toBe(true);
    expect(await server.em().count(Session, {})).toBe(sessions + 1);
  });
});

describe('passkeys on two server processes sharing one database', () => {
  const env = { PUBLIC_URL };
  const one = useTestServer({ env });
  // Read when the second server starts, after the first has created the database.
  const two = useTestServer({
    env,
    keepDatabase: true,
    get database(): TestDatabase {
      return one.database;
    },
  });
  let admin: TestClient;
  const phone = new SoftwareAuthenticator(PUBLIC_URL);

  beforeAll(async () => {
    admin = (await setUpInstallation(one)).admin;
  });

  it('registers with options from one process and the response sent to the other', async () => {
    const options = await admin.post('/api/account/passkeys/options', {});
    expect(options.status).toBe(200);
    const onTwo = two.client();
    for (const [name, value] of admin.cookies) onTwo.cookies.set(name, value);
    const registered = await onTwo.post('/api/account/passkeys', { name: 'Phone', response: phone.create(options.body) });
    expect(registered.status).toBe(201);
  });

  it('signs in with options from one process and the assertion verified by the other, once', async () => {
    const options = await one.client().post('/api/auth/passkey/options', {});
    const assertion = phone.get(options.body.options);
    const browser = two.client();
    const signedIn = await browser.post('/api/auth/passkey', { challengeId: options.body.challengeId, response: assertion });
    expect([signedIn.status, signedIn.body.user.username]).toEqual([200, ADMIN.username]);
    // The session is good on the first process too, and the challenge is spent for both.
    const onOne = one.client();
    for (const [name, value] of browser.cookies) onOne.cookies.set(name, value);
    expect((await onOne.get('/api/me')).status).toBe(200);
    const replay = await one.client().post('/api/auth/passkey', { challengeId: options.body.challengeId, response: assertion });
    expect([replay.status, replay.body.code]).toEqual([401, 'passkey_invalid']);
  });
});
