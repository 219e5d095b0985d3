import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('two processes on one database without SESSION_SECRET', () => {
  let database: TestDatabase;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Started together, each with a DATA_DIR of its own, as on two machines.
    const env = { SESSION_SECRET: '' };
    [one, two] = await Promise.all([
      startTestServer({ database, keepDatabase: true, env }),
      startTestServer({ database, keepDatabase: true, env }),
    ]);
    await setUpInstallation(one);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database?.drop();
  });

  it('generate one session secret between them, so each accepts the cookies of the other', async () => {
    expect(one.services.sessionSecret).toBe(two.services.sessionSecret);
    expect(one.services.sessionSecret.length).toBeGreaterThanOrEqual(32);
    const client = one.client();
    expect((await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password })).status).toBe(200);
    const elsewhere = two.client();
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
    expect((await elsewhere.get('/api/me')).status).toBe(200);
  });

  it('keep using it after a restart', async () => {
    const again = await startTestServer({ database, keepDatabase: true, env: { SESSION_SECRET: '' } });
    try {
      expect(again.services.sessionSecret).toBe(one.services.sessionSecret);
    } finally {
      await again.close();
    }
  });
});
