import { beforeAll, describe, expect, it } from '@jest/globals';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { LoginFailure } from '../server/db/entities/login-failure.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import type { TestClient, TestResponse } from './support/client.js';
import { countingHasher } from './support/counting-hasher.js';
import { ADMIN, insertUser, setUpInstallation } from './support/fixtures.js';
import { useFreshInstallation, useTestServer } from './support/suite.js';
import { TestClock } from './support/test-server.js';

const START = new TestClock().now();
const SECOND = 1000;
const WINDOW_SECONDS = 600;
const WRONG = 'wrong-password-1';

function login(client: TestClient, username: string, password: string, headers: Record<string, string> = {}) {
  return client.post('/api/auth/login', { username, password }, { headers });
}

function expectTooManyAttempts(response: TestResponse, retryAfter?: number) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: expect.any(String), code: 'too_many_attempts' });
  const header = response.headers.get('retry-after');
  expect(header).toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThanOrEqual(1);
  expect(Number(header)).toBeLessThanOrEqual(WINDOW_SECONDS);
  if (retryAfter !== undefined) expect(Number(header)).toBe(retryAfter);
  expect(response.setCookies).toEqual([]);
}

describe('the sign-in rate limit', () => {
  const counter = countingHasher();
  const suite = useFreshInstallation({
    hasher: counter.hasher,
    env: { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_IP: '5', LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    clockAt: START,
  });
  const { server } = suite;

  async function failTimes(times: number, username = ADMIN.username) {
    for (let i = 0; i < times; i++) {
      const response = await login(server.client(), username, WRONG);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_credentials');
    }
  }

  it('answers 429 too_many_attempts with Retry-After in seconds after LOGIN_MAX_FAILURES failures', async () => {
    await failTimes(3);
    // All failures happened at one instant, so the whole window remains.
    expectTooManyAttempts(await login(server.client(), ADMIN.username, WRONG), WINDOW_SECONDS);
  });

  it('still answers 429 to the right password during the lockout, and starts no session', async () => {
    await failTimes(3);
    const sessionsBefore = await server.em().count(Session, {});
    const client = server.client();
    expectTooManyAttempts(await login(client, ADMIN.username, ADMIN.password));
    expect(client.sessionCookie).toBeUndefined();
    expect(await server.em().count(Session, {})).toBe(sessionsBefore);
  });

  it('matches the username case-insensitively, as sign-in does', async () => {
    await failTimes(1, 'ADMIN');
    await failTimes(1, 'Admin');
    await failTimes(1, ' admin ');
    expectTooManyAttempts(await login(server.client(), 'aDmIn', ADMIN.password));
  });

  it('verifies no password, real or dummy, while it answers 429', async () => {
    await failTimes(3);
    await failTimes(2, 'nobody-here');
    const before = { ...counter.calls };
    const attempts = [
      login(server.client(), ADMIN.username, ADMIN.password),
      login(server.client(), ADMIN.username, WRONG),
      login(server.client(), 'nobody-here', WRONG),
      login(server.client(), 'someone-else', WRONG),
    ];
    for (const response of await Promise.all(attempts)) expectTooManyAttempts(response);
    for (let i = 0; i < 10; i++) expectTooManyAttempts(await login(server.client(), ADMIN.username, WRONG));
    expect(counter.calls).toEqual(before);
  });

  it('lets a burst of parallel wrong attempts cost at most LOGIN_MAX_FAILURES verifies', async () => {
    const before = counter.verifies();
    const responses = await Promise.all(Array.from({ length: 20 }, () => login(server.client(), ADMIN.username, WRONG)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(counter.verifies() - before).toBeLessThanOrEqual(3);
    // Attempts of a burst may refuse one another; whatever it left unused is still allowed, and no more.
    let admitted = statuses.filter((s) => s === 401).length;
    while ((await login(server.client(), ADMIN.username, WRONG)).status === 401) admitted++;
    expect(admitted).toBe(3);
    expect(await server.em().count(LoginFailure, {})).toBe(3);
    expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password));
  });

  it('signs in every one of many parallel attempts with the right password: only failures count', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => login(server.client(), ADMIN.username, ADMIN.password)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await server.em().count(LoginFailure, {})).toBe(0);
  });

  it('signs in parallel attempts of more accounts from one address than the per-address limit', async () => {
    const { installation } = suite;
    const usernames = ['nurse1', 'nurse2', 'nurse3', 'nurse4', 'nurse5', 'nurse6', 'nurse7'];
    for (const username of usernames) await insertUser(server, { ...installation, username, password: `${username}-pass` });
    const responses = await Promise.all(usernames.map((username) => login(server.client(), username, `${username}-pass`)));
    expect(responses.map((r) => r.status)).toEqual(Array(usernames.length).fill(200));
  });

  it('lets a right password through while wrong ones below the limit are still being checked', async () => {
    const responses = await Promise.all([
      login(server.client(), ADMIN.username, WRONG),
      login(server.client(), ADMIN.username, WRONG),
      login(server.client(), ADMIN.username, ADMIN.password),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('stops counting a claim left pending by a process that died', async () => {
    const em = server.em();
    const stale = new Date(START.getTime() - 31 * SECOND);
    for (let i = 0; i < 3; i++) em.create(LoginFailure, { usernameKey: usernameKey('admin'), ip: '127.0.0.1', pending: true, createdAt: stale });
    await em.flush();
    expect((await login(server.client(), ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it("clears the pair's count on a successful sign-in before the limit", async () => {
    await failTimes(2);
    expect((await login(server.client(), ADMIN.username, ADMIN.password)).status).toBe(200);
    expect(await server.em().count(LoginFailure, { usernameKey: usernameKey('admin') })).toBe(0);
    // A fresh allowance of three.
    await failTimes(3);
    expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password));
  });

  it('does not count a refused attempt as a failure', async () => {
    await failTimes(3);
    for (let i = 0; i < 5; i++) expectTooManyAttempts(await login(server.client(), ADMIN.username, WRONG));
    expect(await server.em().count(LoginFailure, {})).toBe(3);
  });

  it('limits one address to LOGIN_MAX_FAILURES_PER_IP failures across different usernames', async () => {
    for (const username of ['ali', 'sara', 'reza', 'mina', 'omid']) await failTimes(1, username);
    // Each of those pairs is under its own limit; the address is not.
    expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password));
    expectTooManyAttempts(await login(server.client(), 'someone-new', WRONG));
  });

  it('counts down Retry-After and lifts the lockout once the window has passed', async () => {
    await failTimes(3);
    server.clock.advance(100 * SECOND);
    expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password), WINDOW_SECONDS - 100);
    server.clock.advance((WINDOW_SECONDS - 101) * SECOND);
    expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password), 1);

    server.clock.advance(1 * SECOND);
    const client = server.client();
    const response = await login(client, ADMIN.username, ADMIN.password);
    expect(response.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('slides the window: only failures inside the last LOGIN_WINDOW_SECONDS count', async () => {
    await failTimes(2);
    server.clock.advance(400 * SECOND);
    await failTimes(1);
    expectTooManyAttempts(await login(server.client(), ADMIN.username, WRONG), 200);
    // The first two have left the window; one failure remains.
    server.clock.advance(200 * SECOND);
    await failTimes(2);
    expectTooManyAttempts(await login(server.client(), ADMIN.username, WRONG), 400);
  });

  it('does not count the right password of an inactive account as a failure', async () => {
    await server.em().nativeUpdate(User, { usernameKey: usernameKey('admin') }, { active: false });
    for (let i = 0; i < 4; i++) {
      const response = await login(server.client(), ADMIN.username, ADMIN.password);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('account_inactive');
    }
    expect(await server.em().count(LoginFailure, {})).toBe(0);
  });
});

describe('the client address behind a proxy', () => {
  const env = { LOGIN_MAX_FAILURES: '2', LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) };

  describe('with TRUST_PROXY=true', () => {
    const server = useTestServer({ env: { ...env, TRUST_PROXY: 'true' } });
    beforeAll(() => setUpInstallation(server));

    it('counts failures per X-Forwarded-For address, and records that address on the session', async () => {
      const first = { 'x-forwarded-for': '203.0.113.7' };
      const second = { 'x-forwarded-for': '198.51.100.8' };
      for (let i = 0; i < 2; i++) expect((await login(server.client(), ADMIN.username, WRONG, first)).status).toBe(401);
      expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password, first));

      const client = server.client();
      expect((await login(client, ADMIN.username, ADMIN.password, second)).status).toBe(200);
      const list = await client.get('/api/account/sessions', { headers: second });
      expect(list.body.sessions.find((s: { current: boolean }) => s.current).ip).toBe('198.51.100.8');
      expect(await server.em().count(LoginFailure, { ip: '203.0.113.7' })).toBe(2);
    });

    it('believes only the address the proxy itself added, not entries a client put before it', async () => {
      await server.em().nativeDelete(LoginFailure, {});
      const forged = (n: number) => ({ 'x-forwarded-for': `10.0.0.${n}, 192.0.2.44` });
      for (let i = 0; i < 2; i++) expect((await login(server.client(), ADMIN.username, WRONG, forged(i))).status).toBe(401);
      expectTooManyAttempts(await login(server.client(), ADMIN.username, WRONG, forged(9)));
      expect(await server.em().count(LoginFailure, { ip: '192.0.2.44' })).toBe(2);
    });
  });

  describe('with TRUST_PROXY=false', () => {
    const server = useTestServer({ env: { ...env, TRUST_PROXY: 'false' } });
    beforeAll(() => setUpInstallation(server));

    it('ignores X-Forwarded-For, so changing it does not escape the limit', async () => {
      expect((await login(server.client(), ADMIN.username, WRONG, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(401);
      expect((await login(server.client(), ADMIN.username, WRONG, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(401);
      expectTooManyAttempts(await login(server.client(), ADMIN.username, ADMIN.password, { 'x-forwarded-for': '192.0.2.9' }));
      expect(await server.em().count(LoginFailure, { ip: '127.0.0.1' })).toBe(2);
    });
  });
});
