import { beforeAll, describe, expect, it } from '@jest/globals';
import { ERRORS } from '../shared/errors.js';
import { appRouter } from '../server/routers/_app.js';
import { listProcedures } from '../server/trpc/list-procedures.js';
import type { Meta } from '../server/trpc/init.js';
import { createPasswordHasher } from '../server/services/accounts/passwords.js';
import { ADMIN, setUpInstallation, type Installation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

interface RouteInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: Meta | undefined;
}

/** Every procedure the router serves, so a route added later is checked too. */
function procedures(): RouteInfo[] {
  return listProcedures(appRouter);
}

const restStateChanging = () =>
  procedures()
    .filter((p) => p.meta?.openapi && p.meta.openapi.method !== 'GET')
    .map((p) => [p.meta!.openapi!.method, p.meta!.openapi!.path.replace(/\{[^}]+\}/g, '1')] as const);

const mutations = () => procedures().filter((p) => p.type === 'mutation').map((p) => p.path);

describe('request guards', () => {
  const server = useTestServer();
  let installation: Installation;
  beforeAll(async () => {
    installation = await setUpInstallation(server);
  });

  it('has state-changing routes to check', () => {
    expect(restStateChanging().length).toBeGreaterThanOrEqual(3);
    expect(mutations().length).toBeGreaterThanOrEqual(3);
  });

  it('answers 415 unsupported_media_type to every state-changing REST route sent without a JSON content type', async () => {
    for (const [method, path] of restStateChanging()) {
      for (const contentType of [null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await installation.admin.request(method, path, { contentType, rawBody: '{}' });
        expect({ method, path, contentType, status: response.status, code: response.body?.code }).toEqual({
          method,
          path,
          contentType,
          status: 415,
          code: 'unsupported_media_type',
        });
      }
    }
  });

  it('answers 415 to every tRPC mutation sent without a JSON content type', async () => {
    for (const path of mutations()) {
      const response = await installation.admin.request('POST', `/trpc/${path}`, { contentType: 'text/plain', rawBody: '{}' });
      expect({ path, status: response.status }).toEqual({ path, status: 415 });
      expect(response.body.code).toBe('unsupported_media_type');
    }
  });

  it('answers 415 to a DELETE without a content type even when it has no body', async () => {
    const response = await installation.admin.request('DELETE', '/api/anything', { contentType: null });
    expect(response.status).toBe(415);
  });

  it('refuses a cross-site form post before it can sign anyone in', async () => {
    const response = await server.client().request('POST', '/api/auth/login', {
      contentType: 'application/x-www-form-urlencoded',
      rawBody: `username=${ADMIN.username}&password=${ADMIN.password}`,
    });
    expect(response.status).toBe(415);
    expect(response.setCookies).toEqual([]);
  });

  it('accepts a JSON content type with parameters', async () => {
    const response = await server.client().request('POST', '/api/auth/login', {
      contentType: 'application/json; charset=utf-8',
      rawBody: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(response.status).toBe(200);
  });

  it('answers 400 invalid_json to a malformed body', async () => {
    for (const rawBody of ['{"username":', 'not json', '"a string"']) {
      const response = await server.client().request('POST', '/api/auth/login', { rawBody });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String), code: 'invalid_json' });
    }
  });

  it('answers 413 payload_too_large to a body over 100 KiB, and accepts one just under', async () => {
    const over = JSON.stringify({ username: 'x'.repeat(100 * 1024), password: 'y' });
    const tooLarge = await server.client().request('POST', '/api/auth/login', { rawBody: over });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: expect.any(String), code: 'payload_too_large' });
    const under = JSON.stringify({ username: 'x'.repeat(100 * 1024 - 100), password: 'y' });
    const fine = await server.client().request('POST', '/api/auth/login', { rawBody: under });
    expect(fine.status).toBe(400);
    expect(fine.body.code).toBe('invalid_input');
  });

  it('answers 404 not_found in the Error shape to unknown /api paths and methods', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/auth/login'],
      ['POST', '/api/health'],
      ['GET', '/api'],
    ] as const) {
      const response = await server.client().request(method, path);
      expect({ method, path, status: response.status, body: response.body }).toEqual({
        method,
        path,
        status: 404,
        body: { error: ERRORS.not_found.fa, code: 'not_found' },
      });
    }
  });

  it('speaks Persian by default and English when the request prefers it, with the same code', async () => {
    const persian = await server.client().get('/api/me');
    const english = await server.client().get('/api/me', { headers: { 'accept-language': 'en-US,en;q=0.9,fa;q=0.5' } });
    const prefersPersian = await server.client().get('/api/me', { headers: { 'accept-language': 'fa-IR,en;q=0.5' } });
    const unknown = await server.client().get('/api/me', { headers: { 'accept-language': 'de' } });
    expect(persian.body).toEqual({ error: ERRORS.unauthenticated.fa, code: 'unauthenticated' });
    expect(english.body).toEqual({ error: ERRORS.unauthenticated.en, code: 'unauthenticated' });
    expect(prefersPersian.body.error).toBe(ERRORS.unauthenticated.fa);
    expect(unknown.body.error).toBe(ERRORS.unauthenticated.fa);
  });

  it('sends Cache-Control: no-store on authenticated, authenticating and failed responses alike', async () => {
    const responses = [
      await installation.admin.get('/api/me'),
      await server.client().post('/api/auth/login', { username: 'a', password: 'b' }),
      await server.client().get('/api/nothing-here'),
      await server.client().request('POST', '/api/auth/login', { contentType: 'text/plain' }),
    ];
    for (const response of responses) expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('carries the same code in tRPC error data, with the HTTP status of the table', async () => {
    const response = await server.client().get('/trpc/auth.me', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe(ERRORS.unauthenticated.en);
    expect(response.body.error.data).toMatchObject({ code: 'unauthenticated', httpStatus: 401 });
    expect(JSON.stringify(response.body)).not.toMatch(/stack/);
  });

  it('lists validation issues on the tRPC face too', async () => {
    const response = await server.client().post('/trpc/auth.login', { username: 5 });
    expect(response.status).toBe(400);
    expect(response.body.error.data.code).toBe('invalid_input');
    expect(response.body.error.data.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'username' })]));
  });
});

describe('an unexpected failure', () => {
  const real = createPasswordHasher();
  const server = useTestServer({
    hasher: {
      ...real,
      verify: async () => {
        throw new Error('argon2 exploded: secret-internal-detail at /srv/nobat');
      },
    },
  });
  beforeAll(() => setUpInstallation(server));

  it('answers 500 internal with no message, stack or path from the failure', async () => {
    for (const path of ['/api/auth/login', '/trpc/auth.login']) {
      const response = await server.client().post(path, { username: ADMIN.username, password: ADMIN.password });
      expect(response.status).toBe(500);
      expect(response.text).not.toMatch(/secret-internal-detail|exploded|\/srv|stack|at /);
    }
    const rest = await server.client().post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect(rest.body).toEqual({ error: ERRORS.internal.fa, code: 'internal' });
  });

  it('logs the failure for the operator', async () => {
    const response = await server.client().post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    const requestId = response.headers.get('x-request-id')!;
    const lines = server.logs.map((line) => JSON.parse(line) as { msg?: string; req?: { id?: string }; res?: unknown; err?: unknown });
    // The failure is logged, and the request's own log line says 500.
    expect(lines.filter((line) => line.msg === 'unexpected failure' && JSON.stringify(line.err).includes('secret-internal-detail')).length).toBeGreaterThan(0);
    expect(lines.find((line) => line.req?.id === requestId && line.res)).toMatchObject({ res: { statusCode: 500 } });
  });
});
