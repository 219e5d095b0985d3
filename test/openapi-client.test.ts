import { describe, expect, it } from '@jest/globals';
import { renderApiTypes } from '@nobat/openapi-types';
import createClient from 'openapi-fetch';
import { readFileSync } from 'node:fs';
import type { paths } from './generated/api.js';
import { cookieFetch } from './support/cookie-fetch.js';
import { useTestServer } from './support/suite.js';

const SETUP = { hospitalName: 'Imam Hospital', wardName: 'ICU', name: 'Head Admin', username: 'admin', password: 'admin-password-1' };

describe('a third-party REST client generated from the served OpenAPI document', () => {
  const server = useTestServer();

  it('has its types (test/generated/api.ts, from openapi-typescript) up to date with the served document', async () => {
    const document = (await server.client().get('/api/openapi.json')).body as object;
    const committed = readFileSync(new URL('./generated/api.ts', import.meta.url), 'utf8');
    // When this fails, a route changed: run `npm run api:types` and commit the result.
    expect(committed).toBe(await renderApiTypes(document));
  });

  it('runs setup, login, me and logout with openapi-fetch, the statuses and bodies matching the document', async () => {
    const jar = cookieFetch();
    const api = createClient<paths>({ baseUrl: server.url, fetch: jar.fetch });

    const setup = await api.POST('/api/auth/setup', { body: SETUP });
    expect(setup.response.status).toBe(201);
    const adminId = setup.data?.user.id;
    expect(setup.data?.user).toMatchObject({ username: 'admin', role: 'manager', isSuperAdmin: true });

    const again = await api.POST('/api/auth/setup', { body: SETUP });
    expect(again.response.status).toBe(409);
    expect(again.error?.code).toBe('setup_complete');

    const wrong = await api.POST('/api/auth/login', { body: { username: 'admin', password: 'not-the-password' } });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error).toEqual({ error: expect.any(String), code: 'invalid_credentials' });

    const login = await api.POST('/api/auth/login', { body: { username: 'admin', password: SETUP.password } });
    expect(login.response.status).toBe(200);
    expect(login.data?.user.id).toBe(adminId);

    const me = await api.GET('/api/me', { params: { header: { 'X-Ward': String(setup.data?.user.wardId) } } });
    expect(me.response.status).toBe(200);
    expect(me.data?.user.id).toBe(adminId);
    expect(me.data?.ward.name).toBe('ICU');
    const elsewhere = await api.GET('/api/me', { params: { query: { ward: '999999' } } });
    expect(elsewhere.response.status).toBe(403);
    expect(elsewhere.error?.code).toBe('ward_forbidden');

    const logout = await api.POST('/api/auth/logout', { body: {} });
    expect(logout.data).toEqual({ ok: true });
    const after = await api.GET('/api/me');
    expect(after.response.status).toBe(401);
    expect(after.error?.code).toBe('unauthenticated');
  });
});
