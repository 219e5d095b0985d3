import { describe, expect, it } from '@jest/globals';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter, ErrorBody, ErrorCode, TErrorBody, TMeResponse, TUser } from '../shared/index.js';
import { cookieFetch, type CookieFetch } from './support/cookie-fetch.js';
import { useTestServer } from './support/suite.js';

// Compile-time checks: `npm test` type-checks this file, so a client that drifted from the router fails there.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const errorShapesAgree: Same<TErrorBody, ErrorBody> = true;

const SETUP = { hospitalName: 'Imam Hospital', wardName: 'ICU', name: 'Head Admin', username: 'admin', password: 'admin-password-1' };

function typedClient(url: string, jar: CookieFetch) {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc`, fetch: jar.fetch })] });
}

/** Never called: each line must fail to compile, which proves the client is typed by the router and not `any`. */
function misuses(trpc: ReturnType<typeof typedClient>) {
  // @ts-expect-error the password is required
  void trpc.auth.login.mutate({ username: 'admin' });
  // @ts-expect-error setup is a mutation, not a query
  void trpc.setup.run.query(SETUP);
  // @ts-expect-error no such procedure
  void trpc.auth.impersonate.mutate({ userId: 1 });
  return trpc.auth.me.query().then((me) => {
    // @ts-expect-error role is 'manager' | 'employee'
    const role: 'admin' = me.user.role;
    return role;
  });
}

describe('a typed tRPC client built on AppRouter from shared/', () => {
  const server = useTestServer();

  it('runs setup, login, me and logout at /trpc with the session cookie, batching calls', async () => {
    expect(errorShapesAgree).toBe(true);
    const jar = cookieFetch();
    const trpc = typedClient(server.url, jar);

    // Two queries in one tick go out as one batched request.
    const [status, health] = await Promise.all([trpc.setup.status.query(), trpc.health.check.query()]);
    expect(status.needsSetup).toBe(true);
    expect(health).toEqual({ ok: true, db: 'up' });
    expect(jar.requests).toHaveLength(1);
    expect(jar.requests[0]).toMatch(/^GET .*\/trpc\/setup\.status,health\.check\?batch=1/);

    const setup = await trpc.setup.run.mutate(SETUP);
    const admin: TUser = setup.user;
    expect(admin).toMatchObject({ username: 'admin', role: 'manager', isSuperAdmin: true });
    await trpc.auth.logout.mutate();
    expect(jar.cookies.has('nobat_sid')).toBe(false);

    const login = await trpc.auth.login.mutate({ username: 'Admin', password: SETUP.password });
    expect(login.user.id).toBe(admin.id);
    expect(jar.cookies.has('nobat_sid')).toBe(true);

    const me: TMeResponse = await trpc.auth.me.query();
    expect(me.user.id).toBe(admin.id);
    expect(me.ward).toEqual({ id: admin.wardId, name: 'ICU' });
    expect(me.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await trpc.auth.logout.mutate()).toEqual({ ok: true });
    const afterLogout = await trpc.auth.me.query().catch((error: unknown) => error);
    expect(afterLogout).toBeInstanceOf(TRPCClientError);
    if (!(afterLogout instanceof TRPCClientError)) return;
    const code: ErrorCode | undefined = (afterLogout as TRPCClientError<AppRouter>).data?.code;
    expect(code).toBe('unauthenticated');
    expect((afterLogout as TRPCClientError<AppRouter>).data?.httpStatus).toBe(401);
  });

  it('gets the error code and status in the error data when sign-in fails', async () => {
    const trpc = typedClient(server.url, cookieFetch());
    const failure = await trpc.auth.login.mutate({ username: 'admin', password: 'wrong-password' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCClientError);
    expect((failure as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'invalid_credentials', httpStatus: 401, error: expect.any(String) });
  });
});
