import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

describe('X-Forwarded-For with TRUST_PROXY=true', () => {
  const server = useTestServer({ env: { TRUST_PROXY: 'true' } });
  beforeAll(() => setUpInstallation(server));

  async function signInFrom(forwardedFor: string) {
    const client = server.client();
    const headers = { 'X-Forwarded-For': forwardedFor };
    const login = await client.post('/api/auth/login', ADMIN, { headers });
    const sessions = login.status === 200 ? await client.get('/api/account/sessions', { headers }) : undefined;
    return { status: login.status, ip: sessions?.body.sessions.find((s: { current: boolean }) => s.current).ip as string | undefined };
  }

  it.each([
    ['a long text', 'a'.repeat(100)],
    ['markup', '<script>alert(1)</script>'],
    ['an address followed by junk', '203.0.113.7, not-an-address'],
    ['an over-long last entry', `203.0.113.7, ${'9'.repeat(80)}`],
  ])('signs in when the last entry is %s, recording the connection’s own address', async (_, forwardedFor) => {
    expect(await signInFrom(forwardedFor)).toEqual({ status: 200, ip: '127.0.0.1' });
  });

  it.each([
    ['IPv4', '10.1.2.3, 203.0.113.7', '203.0.113.7'],
    ['IPv6', '2001:db8::1', '2001:db8::1'],
  ])('records an %s address the proxy added', async (_, forwardedFor, address) => {
    expect(await signInFrom(forwardedFor)).toEqual({ status: 200, ip: address });
  });
});
