import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { createTestDatabase } from './support/database.js';
import { ADMIN, setUpInstallation, type Installation } from './support/fixtures.js';
import { startStallingProxy, type StallingProxy } from './support/stalling-proxy.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// Without the database's timeouts these requests would wait for the whole outage, that is until the
// test resumes the proxy, which it does only after every one has answered: the test's own limit is the
// bound it observes, far above the few seconds the timeouts allow and far below "forever".
const OUTAGE_TEST_LIMIT = 40_000;

describe('a database that stops answering without closing its connections', () => {
  let proxy: StallingProxy;
  let server: TestServer;
  let installation: Installation;

  beforeAll(async () => {
    const database = await createTestDatabase();
    proxy = await startStallingProxy(database.url);
    server = await startTestServer({ database: { ...database, url: proxy.url } });
    installation = await setUpInstallation(server);
  });
  afterAll(async () => {
    proxy?.resume();
    await server?.close();
    await proxy?.close();
  });

  async function busyClients(): Promise<number> {
    const pool = (await server.orm.em.getConnection().getNativeClient()) as pg.Pool;
    return pool.totalCount - pool.idleCount;
  }

  it(
    'answers every route with 503 service_unavailable while it is silent, and recovers by itself',
    async () => {
      expect((await installation.admin.get('/api/me')).status).toBe(200);
      proxy.stall();
      try {
        const answers = await Promise.all([
          installation.admin.get('/api/me'),
          installation.admin.get('/api/employees'),
          server.client().get('/api/setup'),
          server.client().post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password }),
          installation.admin.post('/api/wards', { name: 'Night ward' }),
          installation.admin.get('/trpc/auth.me'),
          server.client().post('/trpc/auth.login', { username: ADMIN.username, password: ADMIN.password }),
        ]);
        for (const answer of answers) {
          expect(answer.status).toBe(503);
          expect(JSON.stringify(answer.body)).toContain('service_unavailable');
        }
        const health = await server.client().get('/api/health');
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ ok: false, db: 'down' });
      } finally {
        proxy.resume();
      }
      const after = await installation.admin.get('/api/me');
      expect(after.status).toBe(200);
      expect((await server.client().get('/api/health')).body).toEqual({ ok: true, db: 'up' });
    },
    OUTAGE_TEST_LIMIT,
  );

  it(
    'lets frequent health probes of a silent database leave no query running in the pool',
    async () => {
      // Connections open before the outage, so that the probes' queries are sent and then hang.
      const probe = () => Promise.all(Array.from({ length: 8 }, () => server.client().get('/api/health')));
      expect((await probe()).map((answer) => answer.status)).toEqual(Array(8).fill(200));
      proxy.stall();
      try {
        expect((await probe()).map((answer) => answer.status)).toEqual(Array(8).fill(503));
        expect(await busyClients()).toBe(0);
      } finally {
        proxy.resume();
      }
      expect((await server.client().get('/api/health')).status).toBe(200);
    },
    OUTAGE_TEST_LIMIT,
  );
});
