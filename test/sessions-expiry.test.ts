import { describe, expect, it } from '@jest/globals';
import { Session } from '../server/db/entities/session.js';
import { ADMIN, setUpInstallation, signIn } from './support/fixtures.js';
import { useFreshInstallation, useTestServer } from './support/suite.js';
import { TestClock, type TestServer } from './support/test-server.js';

const START = new TestClock().now();
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

async function onlySession(server: TestServer) {
  const [session, ...others] = await server.em().find(Session, {});
  expect(others).toEqual([]);
  return session!;
}

describe('session expiry with the default lifetime of 30 days', () => {
  const { server, installation } = useFreshInstallation({ clockAt: START });

  it('sets a cookie that lives 30 days and stores the same expiry', async () => {
    const client = server.client();
    const response = await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect(response.setCookies[0]).toContain('Max-Age=2592000');
    const list = await client.get('/api/account/sessions');
    const current = list.body.sessions.find((s: { current: boolean }) => s.current);
    expect(current.expiresAt).toBe(new Date(START.getTime() + 30 * DAY).toISOString());
  });

  it('keeps a session working until 30 days after creation, however often it is used', async () => {
    const { admin } = installation;
    for (let day = 1; day < 30; day += 7) {
      server.clock.set(new Date(START.getTime() + day * DAY));
      expect((await admin.get('/api/me')).status).toBe(200);
    }
    server.clock.set(new Date(START.getTime() + 30 * DAY - SECOND));
    expect((await admin.get('/api/me')).status).toBe(200);

    server.clock.advance(SECOND);
    const expired = await admin.get('/api/me');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: expect.any(String), code: 'unauthenticated' });
    expect((await admin.get('/api/account/sessions')).status).toBe(401);
  });

  it('drops an expired session from the list of a newer one', async () => {
    server.clock.advance(10 * DAY);
    const laptop = await signIn(server, ADMIN.username, ADMIN.password);
    expect((await laptop.get('/api/account/sessions')).body.sessions).toHaveLength(2);

    server.clock.advance(20 * DAY);
    const list = await laptop.get('/api/account/sessions');
    expect(list.body.sessions).toEqual([expect.objectContaining({ current: true, createdAt: new Date(START.getTime() + 10 * DAY).toISOString() })]);
  });
});

describe('session expiry with a short SESSION_TTL_SECONDS', () => {
  const server = useTestServer({ env: { SESSION_TTL_SECONDS: '60' } });

  it('answers 401 unauthenticated once the lifetime has passed, and no longer lists the session', async () => {
    server.clock.set(START);
    const { admin } = await setUpInstallation(server);
    server.clock.advance(30 * SECOND);
    const phone = await signIn(server, ADMIN.username, ADMIN.password);
    expect((await phone.get('/api/account/sessions')).body.sessions).toHaveLength(2);

    server.clock.advance(29 * SECOND);
    expect((await admin.get('/api/me')).status).toBe(200);
    server.clock.advance(1 * SECOND);
    expect((await admin.get('/api/me')).status).toBe(401);

    const list = await phone.get('/api/account/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toEqual([
      expect.objectContaining({ current: true, expiresAt: new Date(START.getTime() + 90 * SECOND).toISOString() }),
    ]);
    server.clock.advance(30 * SECOND);
    expect((await phone.get('/api/account/sessions')).status).toBe(401);
  });
});

describe('lastSeenAt', () => {
  const { server, installation } = useFreshInstallation({ clockAt: START });

  it('starts at the sign-in time', async () => {
    expect((await onlySession(server)).lastSeenAt).toEqual(START);
  });

  it('is not written again within a minute of the last write', async () => {
    server.clock.advance(30 * SECOND);
    expect((await installation.admin.get('/api/me')).status).toBe(200);
    expect((await onlySession(server)).lastSeenAt).toEqual(START);

    server.clock.advance(29 * SECOND);
    await installation.admin.get('/api/account/sessions');
    expect((await onlySession(server)).lastSeenAt).toEqual(START);
  });

  it('is written by the first request more than a minute later, then rests for another minute', async () => {
    server.clock.advance(61 * SECOND);
    await installation.admin.get('/api/me');
    const touched = new Date(START.getTime() + 61 * SECOND);
    expect((await onlySession(server)).lastSeenAt).toEqual(touched);

    server.clock.advance(30 * SECOND);
    await installation.admin.get('/api/me');
    expect((await onlySession(server)).lastSeenAt).toEqual(touched);

    server.clock.advance(31 * SECOND);
    await installation.admin.get('/api/me');
    expect((await onlySession(server)).lastSeenAt).toEqual(new Date(START.getTime() + 122 * SECOND));
  });

  it('shows the time of the request that listed it, once it has been written', async () => {
    server.clock.advance(61 * SECOND);
    const list = await installation.admin.get('/api/account/sessions');
    expect(list.body.sessions[0].lastSeenAt).toBe(new Date(START.getTime() + 61 * SECOND).toISOString());
  });

  it('is not moved by a request with an expired session', async () => {
    server.clock.advance(30 * DAY);
    expect((await installation.admin.get('/api/me')).status).toBe(401);
    expect((await onlySession(server)).lastSeenAt).toEqual(START);
  });
});
