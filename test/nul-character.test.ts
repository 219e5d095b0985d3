import { describe, expect, it } from '@jest/globals';
import { TRPCError } from '@trpc/server';
import { User } from '../server/db/entities/user.js';
import { appRouter } from '../server/routers/_app.js';
import { createContextInner } from '../server/trpc/context.js';
import { createCallerFactory } from '../server/trpc/init.js';
import { toAppError } from '../server/trpc/to-app-error.js';
import { useFreshInstallation } from './support/suite.js';

const NUL = '\u0000';

describe('the NUL character (U+0000), which PostgreSQL refuses in text', () => {
  const { server, installation } = useFreshInstallation();

  it('is refused with invalid_input by every procedure of the router, before anything else runs', async () => {
    const caller = createCallerFactory(appRouter)(
      () => createContextInner({ services: server.services, language: 'en', client: { ip: '10.0.0.1', userAgent: 'test' } }),
    );
    const paths = Object.keys(appRouter._def.procedures);
    expect(paths.length).toBeGreaterThan(20);
    const answers: Record<string, unknown> = {};
    for (const path of paths) {
      const call = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
      answers[path] = await call({ outer: { name: `a${NUL}b` } }).then(
        () => 'answered',
        (error: unknown) => (error instanceof TRPCError ? [toAppError(error).code, toAppError(error).issues] : error),
      );
    }
    const expected = Object.fromEntries(paths.map((path) => [path, ['invalid_input', [{ path: 'outer.name', message: expect.any(String) }]]]));
    expect(answers).toEqual(expected);
  });

  it('answers 400 invalid_input to a sign-in whose username holds it, on both faces', async () => {
    const rest = await server.client().post('/api/auth/login', { username: `admin${NUL}`, password: 'whatever-1' }, { headers: { 'Accept-Language': 'en' } });
    expect([rest.status, rest.body]).toEqual([400, { error: 'The input is invalid.', code: 'invalid_input', issues: [{ path: 'username', message: expect.any(String) }] }]);
    const trpc = await fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: `admin${NUL}`, password: 'whatever-1' }),
    });
    expect(trpc.status).toBe(400);
    expect(((await trpc.json()) as { error: { data: { code: string } } }).error.data.code).toBe('invalid_input');
  });

  it.each(['name', 'category', 'title', 'username', 'password'])('answers 400 invalid_input to a new employee whose %s holds it, and creates nobody', async (field) => {
    const before = await server.em().count(User, {});
    const employee = { name: 'Sara', username: 'sara', password: 'initial-pass-1', category: 'nurse', title: 'RN', [field]: `x${NUL}yz-long` };
    const response = await installation.admin.post('/api/employees', employee);
    expect([response.status, response.body.code, response.body.issues]).toEqual([400, 'invalid_input', [{ path: field, message: expect.any(String) }]]);
    expect(await server.em().count(User, {})).toBe(before);
  });
});
