import { describe, expect, it } from '@jest/globals';
import { LoginFailure } from '../server/db/entities/login-failure.js';
import { User } from '../server/db/entities/user.js';
import { addressKey } from '../server/services/auth/address-key.js';
import type { TestClient } from './support/client.js';
import { countingHasher } from './support/counting-hasher.js';
import { ADMIN, insertSignedInUser, signIn } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';
import { TestClock } from './support/test-server.js';

const START = new TestClock().now();
const NURSE = { username: 'nurse', password: 'nurse-password-1' };
const NEXT = 'next-password-1';
const WRONG = 'wrong-password-1';

function login(client: TestClient, username: string, password: string, headers: Record<string, string> = {}) {
  return client.post('/api/auth/login', { username, password }, { headers });
}

describe('guesses at the current password of a password change', () => {
  const counter = countingHasher();
  const { server, installation } = useFreshInstallation({ hasher: counter.hasher, env: { LOGIN_MAX_FAILURES: '5' }, clockAt: START });

  async function nurseStillHasHerPassword() {
    const user = await server.em().findOneOrFail(User, { usernameKey: NURSE.username }, { populate: ['passwordHash'] });
    return server.services.hasher.verify(user.passwordHash, NURSE.password);
  }

  it('are each claimed against the limit before they are verified, even as the calls of one tRPC batch', async () => {
    const { client } = await insertSignedInUser(server, installation, NURSE);
    const calls = 30;
    const paths = Array(calls).fill('account.changePassword').join(',');
    const body = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [String(i), { current: i === calls - 1 ? NURSE.password : `${WRONG}-${i}`, next: NEXT }]),
    );
    const verifiesBefore = counter.verifies();
    const response = await client.post(`/trpc/${paths}?batch=1`, body);
    const codes = (response.body as { error?: { data: { code: string } } }[]).map((call) => call.error?.data.code ?? 'ok');
    expect(codes.filter((code) => code === 'wrong_password').length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code !== 'wrong_password' && code !== 'too_many_attempts' && code !== 'ok')).toEqual([]);
    expect(counter.verifies() - verifiesBefore).toBeLessThanOrEqual(6);
    // The right guess came last: the limit stopped the batch long before it.
    expect(codes[calls - 1]).toBe('too_many_attempts');
    expect(await nurseStillHasHerPassword()).toBe(true);
  });

  it('are each claimed against the limit before they are verified when sent as parallel requests', async () => {
    const { client } = await insertSignedInUser(server, installation, NURSE);
    const verifiesBefore = counter.verifies();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.clone().post('/api/account/password', { current: `${WRONG}-${i}`, next: NEXT })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(counter.verifies() - verifiesBefore).toBeLessThanOrEqual(5);
    expect((await client.post('/api/account/password', { current: NURSE.password, next: NEXT })).status).toBe(429);
    expect(await nurseStillHasHerPassword()).toBe(true);
  });

  it('leave no claim pending once answered', async () => {
    const { client } = await insertSignedInUser(server, installation, NURSE);
    expect((await client.post('/api/account/password', { current: WRONG, next: NEXT })).status).toBe(400);
    expect((await client.post('/api/account/password', { current: NURSE.password, next: NEXT })).status).toBe(200);
    expect(await server.em().count(LoginFailure, { pending: true })).toBe(0);
    expect(await server.em().count(LoginFailure, { pending: false })).toBe(1);
  });
});

describe('the per-address sign-in limit', () => {
  const counter = countingHasher();
  const { server } = useFreshInstallation({
    hasher: counter.hasher,
    env: { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_IP: '10005', TRUST_PROXY: 'true' },
    clockAt: START,
  });

  it('is counted by the database, so it holds above 10,000 failures', async () => {
    const address = { 'x-forwarded-for': '203.0.113.50' };
    await server.em().execute(
      `insert into login_failure (username_key, ip, pending, created_at) select 'user' || n, '203.0.113.50', false, ? from generate_series(1, 10005) n`,
      [new Date(START.getTime() - 1000)],
    );
    const response = await login(server.client(), ADMIN.username, ADMIN.password, address);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not held by it.
    expect((await login(server.client(), ADMIN.username, ADMIN.password, { 'x-forwarded-for': '203.0.113.51' })).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not escape the limit', async () => {
    for (const address of ['2001:db8:0:1::a', '2001:db8:0:1::b', '2001:db8:0:1:ffff:1:2:3']) {
      expect((await login(server.client(), ADMIN.username, WRONG, { 'x-forwarded-for': address })).status).toBe(401);
    }
    expect((await login(server.client(), ADMIN.username, ADMIN.password, { 'x-forwarded-for': '2001:db8:0:1::d' })).status).toBe(429);
    expect((await login(server.client(), ADMIN.username, ADMIN.password, { 'x-forwarded-for': '2001:db8:0:2::d' })).status).toBe(200);
  });
});

describe('the address key of a client', () => {
  it('is an IPv4 address itself, however it is written, and an IPv6 address its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1::a')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:0001:0002:0003')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(null)).toBe('unknown');
  });
});

describe('a browser that signed in before (the device cookie)', () => {
  const { server } = useFreshInstallation({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_IP: '5' }, clockAt: START });

  async function lockTheAddress() {
    for (const username of ['ali', 'sara', 'reza', 'mina', 'omid']) expect((await login(server.client(), username, WRONG)).status).toBe(401);
    expect((await login(server.client(), ADMIN.username, ADMIN.password)).status).toBe(429);
  }

  it('lets the username that signed in from it through the per-address lock', async () => {
    const browser = await signIn(server, ADMIN.username, ADMIN.password);
    expect(browser.cookies.get('nobat_device')).toBeDefined();
    expect((await browser.post('/api/auth/logout', {})).status).toBe(200);
    await lockTheAddress();
    expect((await login(browser, ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('does not let another username through, nor lift the per-username limit', async () => {
    const browser = await signIn(server, ADMIN.username, ADMIN.password);
    await lockTheAddress();
    expect((await login(browser, 'ali', WRONG)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await login(browser, ADMIN.username, WRONG)).status).toBe(401);
    expect((await login(browser, ADMIN.username, ADMIN.password)).status).toBe(429);
  });

  it('is not believed when forged or tampered with', async () => {
    const browser = await signIn(server, ADMIN.username, ADMIN.password);
    const value = browser.cookies.get('nobat_device')!;
    await lockTheAddress();
    const forged = server.client();
    forged.cookies.set('nobat_device', `${Buffer.from('admin').toString('base64url')}.${value.split('.')[1]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`);
    expect((await login(forged, ADMIN.username, ADMIN.password)).status).toBe(429);
    const unsigned = server.client();
    unsigned.cookies.set('nobat_device', Buffer.from('admin').toString('base64url'));
    expect((await login(unsigned, ADMIN.username, ADMIN.password)).status).toBe(429);
  });
});
