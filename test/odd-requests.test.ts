import { beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import type { TestClient } from './support/client.js';
import { ADMIN, insertUser, setUpInstallation, signIn } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

/** fetch() refuses TRACE and CONNECT, so these go through node:http. */
function send(url: string, method: string): Promise<{ status: number; body: string; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body, allow: response.headers.allow }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('odd requests', () => {
  const server = useTestServer();
  let admin: TestClient;
  let employeeId: number;

  beforeAll(async () => {
    const installation = await setUpInstallation(server);
    admin = installation.admin;
    employeeId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: installation.wardId, username: 'sara', password: 'sara-password-1' });
  });

  it.each([
    ['TRACE', '/trpc/health.check'],
    ['TRACE', '/trpc/auth.login'],
    ['TRACE', '/api/health'],
    ['PROPFIND', '/api/me'],
  ])('%s %s answers 405 method_not_allowed', async (method, path) => {
    const response = await send(`${server.url}${path}`, method);
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'method_not_allowed' });
    expect(response.allow).toContain('GET');
  });

  // Each spells the employee's own id in a way Number() reads; without the check it would be deactivated.
  const spellings: [string, (id: number) => string][] = [
    ['hexadecimal', (id) => `0x${id.toString(16)}`],
    ['a decimal point', (id) => `${id}.0`],
    ['a leading space', (id) => `%20${id}`],
    ['a plus sign', (id) => `+${id}`],
    ['an exponent', (id) => `${id}e0`],
    ['a leading zero', (id) => `0${id}`],
  ];

  it.each(spellings)('refuses a path id written with %s with 400 invalid_input, and does nothing', async (_, spell) => {
    const response = await admin.post(`/api/employees/${spell(employeeId)}/deactivate`, {});
    expect([response.status, response.body.code, response.body.issues]).toEqual([400, 'invalid_input', [{ path: 'id', message: expect.any(String) }]]);
    const employees = (await admin.get('/api/employees')).body.employees as { id: number; active: boolean }[];
    expect(employees.find((employee) => employee.id === employeeId)?.active).toBe(true);
    const invite = await admin.post('/api/invites', { role: 'staff' });
    const revoke = await admin.delete(`/api/invites/${spell(invite.body.invite.id)}`);
    expect([revoke.status, revoke.body.code]).toEqual([400, 'invalid_input']);
  });

  it('still serves a plain decimal path id', async () => {
    expect((await admin.post(`/api/employees/${employeeId}/deactivate`, {})).status).toBe(200);
    expect((await admin.post(`/api/employees/${employeeId}/activate`, {})).status).toBe(200);
  });

  // The REST adapter marks the shared number schemas `coerce` at its first request, so one goes first.
  it.each([
    ['hexadecimal', (id: number) => `0x${id.toString(16)}`],
    ['a decimal point', (id: number) => `${id}.0`],
    ['a leading space', (id: number) => ` ${id}`],
    ['plain digits', (id: number) => String(id)],
  ])('refuses on the tRPC face an id sent as text (%s) with 400 invalid_input, and does nothing', async (_, spell) => {
    expect((await admin.post(`/api/employees/${employeeId}/activate`, {})).status).toBe(200);
    const response = await admin.post('/trpc/employees.deactivate', { id: spell(employeeId) });
    expect([response.status, response.body.error?.data?.code, response.body.error?.data?.issues]).toEqual([400, 'invalid_input', [{ path: 'id', message: expect.any(String) }]]);
    const batch = await admin.post('/trpc/employees.deactivate?batch=1', { 0: { id: spell(employeeId) } });
    expect(JSON.stringify(batch.body)).toContain('invalid_input');
    const query = await admin.get(`/trpc/rota.schedules.read?input=${encodeURIComponent(JSON.stringify({ id: spell(1) }))}`);
    expect([query.status, query.body.error?.data?.code]).toEqual([400, 'invalid_input']);
    const employees = (await admin.get('/api/employees')).body.employees as { id: number; active: boolean }[];
    expect(employees.find((employee) => employee.id === employeeId)?.active).toBe(true);
  });

  it('takes a JSON number id on the tRPC face', async () => {
    const response = await admin.post('/trpc/employees.deactivate', { id: employeeId });
    expect(response.status).toBe(200);
    expect((await admin.post('/trpc/employees.activate', { id: employeeId })).status).toBe(200);
  });

  it.each(['!!', '=', '%00', ' junk', '.more'])('answers 401 to a session cookie with %s after its signature', async (junk) => {
    const client = await signIn(server, ADMIN.username, ADMIN.password);
    const cookie = client.cookies.get('nobat_sid')!;
    expect((await client.get('/api/me')).status).toBe(200);
    const forged = await server.client().get('/api/me', { headers: { cookie: `nobat_sid=${cookie}${encodeURIComponent(junk)}` } });
    expect([forged.status, forged.body.code]).toEqual([401, 'unauthenticated']);
    const raw = await server.client().get('/api/me', { headers: { cookie: `nobat_sid=${cookie}${junk === ' junk' ? 'junk' : junk}` } });
    expect(raw.status).toBe(401);
  });
});
