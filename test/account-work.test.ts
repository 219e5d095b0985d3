import { beforeEach, describe, expect, it } from '@jest/globals';
import { verifySignedToken } from '../server/services/sessions/tokens.js';
import type { TestClient, TestResponse } from './support/client.js';
import { insertUser } from './support/fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { setUpSolveWard } from './support/solve-ward.js';
import { useFreshInstallation, type FreshInstallation } from './support/suite.js';

const CONCURRENCY = 2;
const QUEUE = 20;
const BATCH = 20;
const STAFF = 40;
const DAYS = 28;
/** Roster cells one account's large answers may hold together (ACCOUNT_ANSWER_CELLS) in the allowance's tests. */
const ANSWER_CELLS = 2500;

/** Each call's result as `ok` or its error code, in the order of the batch. */
function outcomes(response: TestResponse): string[] {
  expect(Array.isArray(response.body)).toBe(true);
  return (response.body as { error?: { data: { code: string } } }[]).map((call) => call.error?.data.code ?? 'ok');
}

/** An employee's and a colleague's ward with a published four-week schedule that has everyone on a shift every day. */
async function setUpFlood(server: FreshInstallation['server'], installation: FreshInstallation['installation']) {
  const people = await setUpRotaPeople(server, installation);
  const staff = [people.manager.id, people.employee.id, people.colleague.id];
  for (let i = 0; i < STAFF; i++) {
    staff.push(await insertUser(server, { hospitalId: installation.hospitalId, wardId: people.wardId, username: `nurse-${i}`, password: 'nurse-password-1' }));
  }
  const ward = await setUpSolveWard(server, people.manager.client, people.wardId, staff);
  const created = await people.manager.client.post('/api/rota/schedules', { startDate: '2027-01-04', endDate: '2027-01-31' });
  expect(created.status).toBe(201);
  const scheduleId: number = created.body.schedule.id;
  await server.em().execute(
    `insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned)
     select ?, u, d::date, case when u % 2 = 0 then ? else ? end, 'nurse', false
       from unnest(?::int[]) u, generate_series('2027-01-04'::date, '2027-01-31'::date, '1 day') d`,
    [scheduleId, ward.early, ward.late, `{${staff.join(',')}}`],
  );
  await server.em().execute("update schedule set status = 'published', published_at = now() where id = ?", [scheduleId]);
  return { people, scheduleId };
}

/** A tRPC batch of `size` reads of the schedule. */
function floodBatch(client: TestClient, scheduleId: number, size = BATCH) {
  const input = JSON.stringify(Object.fromEntries(Array.from({ length: size }, (_, i) => [String(i), { id: scheduleId }])));
  const paths = Array.from({ length: size }, () => 'rota.schedules.read').join(',');
  return client.get(`/trpc/${paths}?batch=1&input=${encodeURIComponent(input)}`);
}

/**
 * One account's flood of work waits on itself (server/trpc/account-work.ts): an employee sends tRPC batches
 * of schedule reads while a colleague reads the schedule list beside them.
 */
describe("one account's calls, in a lane of their own", () => {
  // Allowance enough for every read here: these tests are about the lanes.
  const { server, installation } = useFreshInstallation({
    env: { ACCOUNT_CONCURRENCY: String(CONCURRENCY), ACCOUNT_QUEUE: String(QUEUE), ACCOUNT_ANSWER_CELLS: '10000000' },
  });
  let people: RotaPeople;
  let scheduleId: number;

  beforeEach(async () => {
    ({ people, scheduleId } = await setUpFlood(server, installation));
  });

  const sessionOf = (client: TestClient) => verifySignedToken(client.sessionCookie!, server.services.sessionSecret)!;

  /** Until the session's lane holds a full line: its calls wait there before they touch the database. */
  async function waitForFullLane(client: TestClient): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (server.services.accountWork.sessionLoad(sessionOf(client)).waiting < QUEUE) {
      if (Date.now() > deadline) throw new Error(`the lane never filled: ${JSON.stringify(server.services.accountWork.sessionLoad(sessionOf(client)))}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  it("runs a flood's calls a few at a time, refuses those past its line with 429 too_many_requests, and answers another account first", async () => {
    expect((await people.colleague.client.get('/api/rota/schedules')).status).toBe(200);

    let busiest = 0;
    const sampler = setInterval(() => {
      const { accountWork } = server.services;
      busiest = Math.max(busiest, accountWork.load(people.employee.id).running, accountWork.sessionLoad(sessionOf(people.employee.client)).running);
    }, 1);
    const answeredAt: Record<string, number> = {};
    const started = performance.now();
    const flood = [floodBatch(people.employee.client, scheduleId), floodBatch(people.employee.client, scheduleId)].map((answer, i) =>
      answer.then((response) => ((answeredAt[`flood-${i}`] = performance.now() - started), response)),
    );
    await waitForFullLane(people.employee.client);

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
    expect(server.services.accountWork.load(people.employee.id)).toMatchObject({ running: 0, waiting: 0 });
    expect(server.services.accountWork.sessionLoad(sessionOf(people.employee.client))).toEqual({ running: 0, waiting: 0 });

    // Once its line is clear the account is served again.
    expect((await people.employee.client.get(`/api/rota/schedules/${scheduleId}`)).status).toBe(200);
  });
});

/**
 * Large answers take roster cells from their account's allowance (ACCOUNT_ANSWER_CELLS, refilled at as many a
 * second): an employee's batch of reads of a whole schedule gets as many as the allowance holds, the rest 429, while a
 * colleague's reads go on. The test clock stands still until a test moves it, so nothing is refilled meanwhile.
 */
describe("one account's large answers, within an allowance of roster cells", () => {
  const { server, installation } = useFreshInstallation({ env: { ACCOUNT_ANSWER_CELLS: String(ANSWER_CELLS) } });
  let people: RotaPeople;
  let scheduleId: number;

  beforeEach(async () => {
    ({ people, scheduleId } = await setUpFlood(server, installation));
  });

  it('answers a batch of reads up to the allowance and refuses the rest with 429 too_many_requests, while another account reads on', async () => {
    const flood = floodBatch(people.employee.client, scheduleId);
    // The colleague's list and read of the same schedule, beside the flood: answered from an allowance of their own.
    const [list, read] = await Promise.all([
      people.colleague.client.get('/api/rota/schedules'),
      people.colleague.client.get(`/api/rota/schedules/${scheduleId}`),
    ]);
    expect(list.status).toBe(200);
    expect(read.status).toBe(200);
    const cells = read.body.staff.length * DAYS;
    expect(cells).toBeLessThan(ANSWER_CELLS);

    const batch = await flood;
    expect(batch.status).not.toBe(503);
    const calls = outcomes(batch);
    // Each answer takes its cells; answers go on until the allowance is used up, and no further.
    const answered = Math.ceil(ANSWER_CELLS / cells);
    expect(calls.filter((call) => call === 'ok')).toHaveLength(answered);
    expect(calls.filter((call) => call === 'too_many_requests')).toHaveLength(BATCH - answered);
    const ok = (batch.body as { result?: { data: unknown } }[]).find((call) => call.result)!;
    expect(ok.result!.data).toEqual(read.body);
    expect(server.services.accountWork.load(people.employee.id).answerCells).toBe(ANSWER_CELLS - answered * cells);

    // The colleague's answers came from their own allowance: the employee's was not touched by them.
    expect(server.services.accountWork.load(people.colleague.id).answerCells).toBe(ANSWER_CELLS - cells);
    const again = await people.colleague.client.get(`/api/rota/schedules/${scheduleId}`);
    expect(again.status).toBe(200);
  });

  it('refuses a large answer while the allowance is used up, saying when to come back, and answers it once refilled', async () => {
    const batch = await floodBatch(people.employee.client, scheduleId);
    expect(outcomes(batch)).toContain('too_many_requests');
    const owed = -server.services.accountWork.load(people.employee.id).answerCells;
    expect(owed).toBeGreaterThanOrEqual(0);

    const refused = await people.employee.client.get(`/api/rota/schedules/${scheduleId}`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.max(1, Math.ceil(owed / ANSWER_CELLS)));
    // Small answers are not counted: the schedule list is answered.
    expect((await people.employee.client.get('/api/rota/schedules')).status).toBe(200);

    // Refilled at ANSWER_CELLS a second: just before the debt is repaid it is still refused, then answered.
    server.clock.advance(Math.floor((owed * 1000) / ANSWER_CELLS));
    expect((await people.employee.client.get(`/api/rota/schedules/${scheduleId}`)).status).toBe(429);
    server.clock.advance(1000);
    expect((await people.employee.client.get(`/api/rota/schedules/${scheduleId}`)).status).toBe(200);
  });
  it("refuses a session's large answer while its account owes before looking the session up, and looks it up again once repaid", async () => {
    const batch = await floodBatch(people.employee.client, scheduleId);
    expect(outcomes(batch)).toContain('too_many_requests');
    const owed = -server.services.accountWork.load(people.employee.id).answerCells;
    expect(owed).toBeGreaterThanOrEqual(0);

    // The session ends (revoked, its cookie still sent); while its account owes, the large answer is refused
    // unlooked-up (429), any other call is 401.
    await server.em().execute('delete from session where user_id = ?', [people.employee.id]);
    const refused = await people.employee.client.get(`/api/rota/schedules/${scheduleId}`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect((await people.employee.client.get('/api/rota/schedules')).status).toBe(401);
    // Another account's session is not touched by the employee's debt.
    expect((await people.colleague.client.get(`/api/rota/schedules/${scheduleId}`)).status).toBe(200);

    // Once the debt is repaid, the session is looked up again: it has ended.
    server.clock.advance(Math.floor((owed * 1000) / ANSWER_CELLS) + 1000);
    const ended = await people.employee.client.get(`/api/rota/schedules/${scheduleId}`);
    expect(ended.status).toBe(401);
  });
});
