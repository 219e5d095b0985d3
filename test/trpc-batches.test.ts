import { describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { User } from '../server/db/entities/user.js';
import { Ward } from '../server/db/entities/ward.js';
import type { TestResponse } from './support/client.js';
import { ADMIN, insertSignedInUser, insertUser } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

const NURSE = { username: 'nurse', password: 'nurse-password-1' };
// A batch that never answers is the failure these tests look for: fail fast rather than at jest's limit.
const WITHIN = 15_000;

/** Each call's result as `ok` or its error code, in the order of the batch. */
function outcomes(response: TestResponse): string[] {
  expect(Array.isArray(response.body)).toBe(true);
  return (response.body as { result?: unknown; error?: { data: { code: string } } }[]).map((call) => call.error?.data.code ?? 'ok');
}

function batchBody(inputs: unknown[]): Record<string, unknown> {
  return Object.fromEntries(inputs.map((input, i) => [String(i), input]));
}

describe('a tRPC batch', () => {
  const { server, installation } = useFreshInstallation({ env: { LOGIN_MAX_FAILURES: '100', LOGIN_MAX_FAILURES_PER_IP: '1000' } });

  it('runs each mutation in its own unit of work: a taken username fails alone and the other employee is created', async () => {
    await insertUser(server, { ...installation, ...NURSE });
    const response = await installation.admin.post(
      '/trpc/employees.create,employees.create?batch=1',
      batchBody([
        { name: 'Taken', username: NURSE.username, password: 'initial-pass-1' },
        { name: 'Sara', username: 'sara', password: 'initial-pass-1' },
      ]),
    );
    expect(outcomes(response)).toEqual(['username_taken', 'ok']);
    expect(await server.em().count(User, { usernameKey: 'sara' })).toBe(1);
  }, WITHIN);

  it('answers every call of concurrent mutation batches mixing success and failure', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        installation.admin.post(
          '/trpc/employees.create,wards.create,employees.create?batch=1',
          batchBody([
            { name: 'Same', username: 'same-name', password: 'initial-pass-1' },
            { name: `Ward ${i}` },
            { name: `Nurse ${i}`, username: `nurse-${i}`, password: 'short' },
          ]),
        ),
      ),
    );
    const results = responses.map(outcomes);
    expect(results.filter(([first]) => first === 'ok')).toHaveLength(1);
    for (const [first, second, third] of results) {
      expect(['ok', 'username_taken']).toContain(first);
      expect(second).toBe('ok');
      expect(third).toBe('invalid_input');
    }
    expect(await server.em().count(Ward, {})).toBe(7);
  }, WITHIN);

  it('signs in and refuses the calls of concurrent anonymous sign-in batches each on its own, auditing each once', async () => {
    const eventsBefore = await server.em().count(AuthEvent, {});
    const calls = [
      { username: ADMIN.username, password: ADMIN.password },
      { username: ADMIN.username, password: 'wrong-password-1' },
      { username: 'nobody', password: 'wrong-password-1' },
      { username: 7 },
    ];
    const paths = Array(8).fill('auth.login').join(',');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => server.client().post(`/trpc/${paths}?batch=1`, batchBody([...calls, ...calls]))),
    );
    const expected = ['ok', 'invalid_credentials', 'invalid_credentials', 'invalid_input'];
    for (const response of responses) expect(outcomes(response)).toEqual([...expected, ...expected]);
    const events = await server.em().find(AuthEvent, {}, { orderBy: { id: 'asc' }, offset: eventsBefore });
    expect(events.filter((event) => event.type === 'login_succeeded')).toHaveLength(8);
    expect(events.filter((event) => event.type === 'login_failed')).toHaveLength(16);
  }, WITHIN);

  it('answers a query batch mixing success, a role refusal, a missing object and bad input, each on its own', async () => {
    const nurse = await insertSignedInUser(server, installation, NURSE);
    const input = encodeURIComponent(JSON.stringify({ 2: { token: 'no-such-token' }, 3: { token: 7 } }));
    const response = await nurse.client.get(`/trpc/auth.me,employees.list,invites.read,invites.read?batch=1&input=${input}`);
    expect(outcomes(response)).toEqual(['ok', 'forbidden', 'invite_not_found', 'invalid_input']);
  }, WITHIN);

  it(`runs a batch of 50 calls, and refuses one of 51 with 400 before any call runs`, async () => {
    const paths = (n: number) => Array(n).fill('wards.create').join(',');
    const names = (n: number, prefix: string) => batchBody(Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}` })));
    const fifty = await installation.admin.post(`/trpc/${paths(50)}?batch=1`, names(50, 'Fifty'));
    expect(outcomes(fifty).every((outcome) => outcome === 'ok')).toBe(true);
    const wards = await server.em().count(Ward, {});
    const tooMany = await installation.admin.post(`/trpc/${paths(51)}?batch=1`, names(51, 'More'));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('invalid_input');
    expect(await server.em().count(Ward, {})).toBe(wards);
  }, WITHIN);
});
