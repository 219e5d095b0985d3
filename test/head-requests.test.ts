import { beforeAll, describe, expect, it } from '@jest/globals';
import { useFreshInstallation, useTestServer } from './support/suite.js';

/** A HEAD and a GET of one path: HEAD must answer GET's status and headers, with no body. */
async function headAndGet(url: string, headers: Record<string, string> = {}) {
  const head = await fetch(url, { method: 'HEAD', headers });
  const get = await fetch(url, { headers });
  const getBody = await get.text();
  return { head, get, headBody: await head.text(), getBody };
}

describe('HEAD answers what GET would, without the body', () => {
  const { server, installation } = useFreshInstallation();

  it.each([
    ['/api/health', 200],
    ['/api/me', 401],
    ['/api/no-such-route', 404],
    ['/trpc/health.check', 200],
    ['/trpc/auth.me', 401],
    ['/api/openapi.json', 200],
  ])('on %s: %d', async (path, status) => {
    const { head, get, headBody, getBody } = await headAndGet(`${server.url}${path}`);
    expect([get.status, head.status]).toEqual([status, status]);
    expect(getBody.length).toBeGreaterThan(0);
    expect(headBody).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  });

  it('on /api/me with a session: 200, as GET', async () => {
    const cookie = `nobat_sid=${installation.admin.sessionCookie}`;
    const { head, get, headBody } = await headAndGet(`${server.url}/api/me`, { Cookie: cookie });
    expect([get.status, head.status, headBody]).toEqual([200, 200, '']);
  });
});

describe('HEAD while the database is gone', () => {
  const server = useTestServer();
  beforeAll(async () => {
    await server.client().get('/api/health');
    await server.database.drop();
  });

  it('answers /api/health with 503, as GET', async () => {
    const { head, get, headBody } = await headAndGet(`${server.url}/api/health`);
    expect([get.status, head.status, headBody]).toEqual([503, 503, '']);
  });
});
