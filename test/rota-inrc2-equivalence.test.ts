import { beforeAll, describe, expect, it } from '@jest/globals';
import { createTRPCClient, httpLink } from '@trpc/client';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importInrc2, rosterCells, type Inrc2Import } from '../scripts/rota/import-inrc2.js';
import { evaluate } from '../server/rota/evaluate.js';
import { readInrc2Instance, readInrc2Solution, type Inrc2Instance } from '../server/rota/inrc2/index.js';
import type { AppRouter } from '../shared/index.js';
import type { TestClient } from './support/client.js';
import { cookieFetch } from './support/cookie-fetch.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

const DATASET = fileURLToPath(new URL('../data/inrc2/n005w4', import.meta.url));
const MONDAY = '2027-01-04';

function sumBy<T>(items: T[], key: (item: T) => string, value: (item: T) => number): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const item of items) sums[key(item)] = (sums[key(item)] ?? 0) + value(item);
  return sums;
}

// docs/rota.md §7: a ward set up like an INRC-II instance through the API scores a roster as the competition does.
describe('an INRC-II instance loaded through the API', () => {
  const server = useTestServer();
  let admin: TestClient;
  let instance: Inrc2Instance;
  let loaded: Inrc2Import;
  let wardId: number;

  beforeAll(async () => {
    admin = (await setUpInstallation(server)).admin;
    instance = readInrc2Instance(DATASET, 'n005w4_0_1-2-3-3');
    // The admin command line's way: a typed tRPC client over HTTP, signed in, selecting a new ward.
    const jar = cookieFetch();
    let ward: string | undefined;
    const client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/trpc`, fetch: jar.fetch, headers: () => (ward ? { 'x-ward': ward } : {}) })],
    });
    await client.auth.login.mutate({ username: ADMIN.username, password: ADMIN.password });
    wardId = (await client.wards.create.mutate({ name: 'INRC-II n005w4' })).ward.id;
    ward = String(wardId);
    loaded = await importInrc2(client, instance, { start: MONDAY, usernamePrefix: 'n005w4-', password: 'nurse-password-1' });
  }, 120_000);

  it('scores the organisers\' solution of n005w4_0_1-2-3-3 at 1695 through PUT …/assignments and GET …/evaluation, as the evaluator does from the files', async () => {
    const roster = readInrc2Solution(join(DATASET, 'Solution_H_0-WD_1-2-3-3'), instance);
    const direct = evaluate(instance.problem, roster);
    expect(direct.score).toEqual({ hard: 0, soft: 1695 });

    const put = await admin.request('PUT', `/api/rota/schedules/${loaded.scheduleId}/assignments`, {
      body: { version: loaded.version, set: rosterCells(instance, loaded, roster) },
      headers: { 'X-Ward': String(wardId) },
    });
    expect(put.status).toBe(200);
    expect(put.body.evaluation.score).toEqual({ hard: 0, soft: 1695 });

    const answer = await admin.get(`/api/rota/schedules/${loaded.scheduleId}/evaluation`, { headers: { 'X-Ward': String(wardId) } });
    expect(answer.status).toBe(200);
    expect(answer.body.score).toEqual({ hard: 0, soft: 1695 });
    // Constraint by constraint, and person by person, the same figures.
    const served: { constraint: string; penalty: number }[] = answer.body.violations;
    expect(sumBy(served, (v) => v.constraint, (v) => v.penalty)).toEqual(
      sumBy(direct.violations, (v) => v.constraint, (v) => v.penalty),
    );
    const byUser = new Map(loaded.userIds.map((userId, p) => [userId, p]));
    expect(
      answer.body.staff.map(({ userId, ...figures }: { userId: number }) => ({ person: byUser.get(userId), ...figures })).sort((a: { person: number }, b: { person: number }) => a.person - b.person),
    ).toEqual(direct.staff);
    // The schedule's own score on a read is the same evaluator's.
    expect((await admin.get(`/api/rota/schedules/${loaded.scheduleId}`, { headers: { 'X-Ward': String(wardId) } })).body.schedule.score).toEqual({ hard: 0, soft: 1695 });
  });

  it('scores an empty roster as the evaluator does, coverage and carry-in included', async () => {
    const empty = await admin.request('PUT', `/api/rota/schedules/${loaded.scheduleId}/assignments`, {
      body: {
        version: (await admin.get(`/api/rota/schedules/${loaded.scheduleId}`, { headers: { 'X-Ward': String(wardId) } })).body.schedule.version,
        set: rosterCells(instance, loaded, readInrc2Solution(join(DATASET, 'Solution_H_0-WD_1-2-3-3'), instance)).map((cell) => ({ ...cell, shiftTypeId: null })),
      },
      headers: { 'X-Ward': String(wardId) },
    });
    expect(empty.status).toBe(200);
    const direct = evaluate(instance.problem, { shift: new Int16Array(5 * 28).fill(-1), skill: new Int16Array(5 * 28).fill(-1) });
    expect(empty.body.evaluation.score).toEqual(direct.score);
    expect(direct.score.hard).toBeGreaterThan(0);
  });
});
