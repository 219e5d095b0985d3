import { beforeEach, describe, expect, it } from '@jest/globals';
import type { TestClient, TestResponse } from './support/client.js';
import { insertUser } from './support/fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { setUpSolveWard, type SolveWard } from './support/solve-ward.js';
import { useFreshInstallation } from './support/suite.js';

const CONCURRENCY = 2;
const QUEUE = 20;
const BATCH = 20;
const STAFF = 40;

/** Each call's result as `ok` or its error code, in the order of the batch. */
function outcomes(response: TestResponse): string[] {
  expect(Array.isArray(response.body)).toBe(true);
  return (response.body as { error?: { data: { code: string } } }[]).map((call) => call.error?.data.code ?? 'ok');
}

/**
 * One account's flood of work waits on itself (server/trpc/account-work.ts): an employee sends tRPC batches
 * of schedule reads while a colleague reads the schedule list beside them.
 */
describe("one account's calls, in a lane of their own", () => {
  const { server, installation } = useFreshInstallation({ env: { ACCOUNT_CONCURRENCY: String(CONCURRENCY), ACCOUNT_QUEUE: String(QUEUE) } });
  let people: RotaPeople;
  let ward: SolveWard;
  let scheduleId: number;

  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    const staff = [people.manager.id, people.employee.id, people.colleague.id];
    for (let i = 0; i < STAFF; i++) {
      staff.push(await insertUser(server, { hospitalId: installation.hospitalId, wardId: people.wardId, username: `nurse-${i}`, password: 'nurse-password-1' }));
    }
    ward = await setUpSolveWard(server, people.manager.client, people.wardId, staff);
    // A published four-week schedule with everyone on a shift every day: what the flood reads.
    const created = await people.manager.client.post('/api/rota/schedules', { startDate: '2027-01-04', endDate: '2027-01-31' });
    expect(created.status).toBe(201);
    scheduleId = created.body.schedule.id;
    await server.em().execute(
      `insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned)
       select ?, u, d::date, case when u % 2 = 0 then ? else ? end, 'nurse', false
         from unnest(?::int[]) u, generate_series('2027-01-04'::date, '2027-01-31'::date, '1 day') d`,
      [scheduleId, ward.early, ward.late, `{${staff.join(',')}}`],
    );
    await server.em().execute("update schedule set status = 'published', published_at = now() where id = ?", [scheduleId]);
  });

  const floodBatch = (client: TestClient) => {
    const input = JSON.stringify(Object.fromEntries(Array.from({ length: BATCH }, (_, i) => [String(i), { id: scheduleId }])));
    const paths = Array.from({ length: BATCH }, () => 'rota.schedules.read').join(',');
    return client.get(`/trpc/${paths}?batch=1&input=${encodeURIComponent(input)}`);
  };

  async function waitForFullLane(accountId: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (server.services.accountWork.load(accountId).waiting < QUEUE) {
      if (Date.now() > deadline) throw new Error(`the lane never filled: ${JSON.stringify(server.services.accountWork.load(accountId))}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  it("runs a flood's calls a few at a time, refuses those past its line with 429 too_many_requests, and answers another account first", async () => {
    expect((await people.colleague.client.get('/api/rota/schedules')).status).toBe(200);

    let busiest = 0;
    const sampler = setInterval(() => {
      busiest = Math.max(busiest, server.services.accountWork.load(people.employee.id).running);
    }, 1);
    const answeredAt: Record<string, number> = {};
    const started = performance.now();
    const flood = [floodBatch(people.employee.client), floodBatch(people.employee.client)].map((answer, i) =>
      answer.then((response) => ((answeredAt[`flood-${i}`] = performance.now() - started), response)),
    );
    await waitForFullLane(people.employee.id);

    // The flooding account's next request, REST this time, finds its line full.
    const refused = await people.employee.client.get(`/api/rota/schedules/${scheduleId}`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(refused.headers.get('retry-after')).toBe('1');

    // Another account's read goes beside the flood, not behind it.
    const other = await people.colleague.client.get('/api/rota/schedules');
    answeredAt.other = performance.now() - started;
    expect(other.status).toBe(200);
    expect(other.body.schedules.map((schedule: { id: number }) => schedule.id)).toContain(scheduleId);

    const batches = await Promise.all(flood);
    clearInterval(sampler);
    const calls = batches.flatMap((batch) => {
      expect(batch.status).not.toBe(503);
      return outcomes(batch);
    });
    expect(calls.filter((call) => call === 'ok')).toHaveLength(CONCURRENCY + QUEUE);
    expect(calls.filter((call) => call === 'too_many_requests')).toHaveLength(2 * BATCH - CONCURRENCY - QUEUE);
    expect(busiest).toBeLessThanOrEqual(CONCURRENCY);
    expect(answeredAt.other).toBeLessThan(Math.max(answeredAt['flood-0']!, answeredAt['flood-1']!));
    expect(server.services.accountWork.load(people.employee.id)).toEqual({ running: 0, waiting: 0 });

    // Once its line is clear the account is served again.
    expect((await people.employee.client.get(`/api/rota/schedules/${scheduleId}`)).status).toBe(200);
  });
});
