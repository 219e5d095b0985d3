import { describe, expect, it } from '@jest/globals';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter, TRotaRequest, TShiftType } from '../shared/index.js';
import { cookieFetch } from './support/cookie-fetch.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

function typedClient(url: string, fetch: ReturnType<typeof cookieFetch>['fetch']) {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc`, fetch })] });
}

/** Never called: each line must fail to compile, which proves the rota procedures are typed by the router. */
function misuses(trpc: ReturnType<typeof typedClient>) {
  // @ts-expect-error a shift type needs its end
  void trpc.rota.shiftTypes.create.mutate({ code: 'D', name: 'Day', start: '07:00' });
  // @ts-expect-error an unknown request kind
  void trpc.rota.requests.create.mutate({ kind: 'overtime', date: '2026-12-01' });
  // @ts-expect-error approving is a mutation
  void trpc.rota.requests.approve.query({ id: 1 });
  return trpc.rota.requests.list.query().then(({ requests }) => {
    // @ts-expect-error status is one of the workflow's states
    const status: 'done' = requests[0]!.status;
    return status;
  });
}

describe('the typed tRPC client on the rota procedures', () => {
  const server = useTestServer({ hasher: quickHasher() });

  it('sets up a shift type, a profile and a leave, batching reads, and reads error codes from the error data', async () => {
    expect(typeof misuses).toBe('function');
    await setUpInstallation(server);
    const jar = cookieFetch();
    const trpc = typedClient(server.url, jar.fetch);
    const { user } = await trpc.auth.login.mutate({ username: ADMIN.username, password: ADMIN.password });

    const { shiftType }: { shiftType: TShiftType } = await trpc.rota.shiftTypes.create.mutate({ code: 'N', name: 'Night', start: '23:00', end: '07:00' });
    expect(shiftType).toMatchObject({ code: 'N', minutes: 480, forbiddenNext: [] });
    await trpc.rota.staff.setProfile.mutate({ userId: user.id, skills: ['nurse'] });
    const { request }: { request: TRotaRequest } = await trpc.rota.requests.create.mutate({ kind: 'leave', date: '2026-12-01', endDate: '2026-12-02' });
    expect((await trpc.rota.requests.approve.mutate({ id: request.id })).request.status).toBe('approved');

    const before = jar.requests.length;
    const [types, staff, settings] = await Promise.all([trpc.rota.shiftTypes.list.query(), trpc.rota.staff.list.query(), trpc.rota.settings.read.query()]);
    expect(jar.requests.length - before).toBe(1);
    expect(types.shiftTypes.map((t) => t.code)).toEqual(['N']);
    expect(staff.staff[0]).toMatchObject({ userId: user.id, skills: ['nurse'], contractId: null });
    expect(settings.weekendDays).toEqual([5]);

    const refused = await trpc.rota.requests.reject.mutate({ id: request.id }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'request_not_pending', httpStatus: 409 });
  });
});
