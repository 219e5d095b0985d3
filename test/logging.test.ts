import { beforeAll, describe, expect, it } from '@jest/globals';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { User } from '../server/db/entities/user.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

describe('request logs', () => {
  const server = useTestServer();
  const secrets: string[] = [ADMIN.password, 'wrong-password-typed'];
  let requestIds: string[] = [];

  beforeAll(async () => {
    const { admin } = await setUpInstallation(server);
    const responses = [
      await admin.get('/api/me'),
      await server.client().post('/api/auth/login', { username: ADMIN.username, password: 'wrong-password-typed' }),
      await admin.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password }),
    ];
    // The cookies sent with every request from here on; the last request (logout) clears the session one.
    const cookies = [...admin.cookies.values()];
    if (cookies.length !== 2) throw new Error(`expected the session and device cookies, got ${cookies.length}`);
    for (const cookie of cookies) secrets.push(cookie, cookie.split('.')[0]!);
    responses.push(
      await admin.get('/api/me?ward=1'),
      await admin.get('/api/invite/tok3n-that-must-not-be-logged'),
      await admin.post('/trpc/auth.logout', {}),
    );
    requestIds = responses.map((r) => r.headers.get('x-request-id')!);
    secrets.push('tok3n-that-must-not-be-logged');
    const user = await server.em().findOneOrFail(User, { usernameKey: usernameKey('admin') }, { populate: ['passwordHash'] });
    secrets.push(user.passwordHash, server.services.sessionSecret);
  });

  it('writes one JSON line per request, with its id, method, path and status', () => {
    const completed = server.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(6);
    for (const id of requestIds) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const entry = completed.find((e) => e.req.id === id);
      expect(entry).toMatchObject({ req: { id, method: expect.any(String), url: expect.any(String) }, res: { statusCode: expect.any(Number) } });
    }
  });

  it('never contains a password, cookie, token, hash or the session secret', () => {
    const everything = server.logs.join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/argon2|sha256-test|cookie|authorization/i);
  });

  it('redacts invitation tokens from logged paths', () => {
    expect(server.logs.join('\n')).toContain('/api/invite/[redacted]');
  });
});
