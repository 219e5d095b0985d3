import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestServer } from './support/suite.js';

describe('health and setup status', () => {
  const server = useTestServer();

  it('answers 200 { ok: true, db: "up" } while the database answers', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, db: 'up' });
  });

  it('answers the same on the tRPC face', async () => {
    const response = await server.client().get('/trpc/health.check');
    expect(response.status).toBe(200);
    expect(response.body.result.data).toEqual({ ok: true, db: 'up' });
  });
});

describe('when the database goes away', () => {
  const server = useTestServer();
  beforeAll(async () => {
    await server.client().get('/api/health');
    // Removing the database ends every connection to it, as a crashed or unreachable server would.
    await server.database.drop();
  });

  it('answers 503 { ok: false, db: "down" } (its time limit is observed in silent-database.test.ts)', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ ok: false, db: 'down' });
  });

  it('answers other routes with 503 service_unavailable in the Error shape, leaking nothing', async () => {
    const response = await server.client().get('/api/setup');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: expect.any(String), code: 'service_unavailable' });
    expect(response.text).not.toMatch(/nobat_test_|database|select|stack/i);
  });
});
