import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestClient } from './support/client.js';
import { countingHasher } from './support/counting-hasher.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';

const START = new TestClock().now();
const WRONG = 'wrong-password-1';
const SESSION_SECRET = 'shared-secret-of-both-processes-0123456789';

/** The same browser talking to the other process: same cookies, other address. */
function onOther(client: TestClient, server: TestServer): TestClient {
  const moved = server.client();
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

describe('two server processes on one database', () => {
  let database: TestDatabase;
  let one: TestServer;
  let two: TestServer;
  const counters = [countingHasher(), countingHasher()] as const;
  const verifies = () => counters[0].verifies() + counters[1].verifies();

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { SESSION_SECRET, LOGIN_MAX_FAILURES: '4', LOGIN_WINDOW_SECONDS: '900' };
    // Each has its own connection pool, clock and hasher, as separate processes would.
    [one, two] = await Promise.all([
      startTestServer({ database, keepDatabase: true, env, hasher: counters[0].hasher }),
      startTestServer({ database, keepDatabase: true, env, hasher: counters[1].hasher }),
    ]);
    one.clock.set(START);
    two.clock.set(START);
    await setUpInstallation(one);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database?.drop();
  });

  it('accepts on one a session started on the other, and lists it there as current', async () => {
    const client = one.client();
    expect((await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);
    const elsewhere = onOther(client, two);
    const me = await elsewhere.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe(ADMIN.username);
    const list = await elsewhere.get('/api/account/sessions');
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it('sees a logout on one at once on the other', async () => {
    const client = two.client();
    expect((await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);
    const elsewhere = onOther(client, one);
    expect((await elsewhere.get('/api/me')).status).toBe(200);

    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    const after = await elsewhere.get('/api/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthenticated');
  });

  it('sees a session revoked on one at once on the other', async () => {
    const phone = one.client();
    await phone.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    const laptop = two.client();
    await laptop.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect((await laptop.post('/api/account/sessions/revoke-others', {})).body.revoked).toBeGreaterThanOrEqual(1);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await onOther(phone, two).get('/api/me')).status).toBe(401);
    expect((await onOther(laptop, one).get('/api/me')).status).toBe(200);
  });

  it('counts failures split across both processes together toward the 429', async () => {
    const attempt = (server: TestServer, password: string) =>
      server.client().post('/api/auth/login', { username: ADMIN.username, password });
    for (const server of [one, two, one, two]) expect((await attempt(server, WRONG)).status).toBe(401);

    const verifiesBefore = verifies();
    for (const server of [one, two]) {
      const refused = await attempt(server, ADMIN.password);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_attempts');
      expect(refused.headers.get('retry-after')).toBe('900');
    }
    expect(verifies()).toBe(verifiesBefore);
  });

  it('lets a parallel burst split across both processes cost no more verifies than the limit', async () => {
    const before = verifies();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).client().post('/api/auth/login', { username: 'ghost', password: WRONG })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(verifies() - before).toBeLessThanOrEqual(4);
    // And no fewer than the limit: what the burst left unused is still allowed, on either process.
    let admitted = statuses.filter((s) => s === 401).length;
    for (let i = 0; (await (i % 2 ? one : two).client().post('/api/auth/login', { username: 'ghost', password: WRONG })).status === 401; i++) {
      admitted++;
    }
    expect(admitted).toBe(4);
    expect(verifies() - before).toBe(4);
  });
});
