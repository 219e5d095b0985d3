// One employee floods the service with tRPC batches of reads of the largest schedule a ward may hold (500 people,
// 62 days, published) while a second account reads the schedule list: that account's latency beside the flood,
// against the same request without it, measured in the same run. Every wait is bounded.
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** The flood: this many batches at once, each of the largest batch the service takes, sent again as each answers. */
const FLOOD_BATCHES = 3;
const BATCH_SIZE = 50;
const STAFF = 500;
const DAYS = 62;
const START = '2027-01-01';
const END = '2027-03-03';

export interface FloodFigures {
  /** The second account's GET /api/rota/schedules alone, half before the flood and half after: latencies in ms, sorted. */
  alone: number[];
  /** The same beside the flood. */
  beside: number[];
  /** The second account's answers other than 200 beside the flood, by status. */
  otherStatuses: Record<string, number>;
  /** The flood's calls: answered, refused 429 too_many_requests, 503. */
  flood: { ok: number; tooMany: number; unavailable: number; other: number };
}

async function call(url: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const { cookie, signal, ...rest } = init;
  const timeout = AbortSignal.timeout(60_000);
  return fetch(url, {
    ...rest,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
}

async function expectOk(response: Response, what: string): Promise<any> {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await call(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password }) });
  await expectOk(response, `sign-in of ${username}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nobat_sid='));
  if (!cookie) throw new Error('no nobat_sid cookie');
  return cookie.split(';')[0]!;
}

/** The admin's ward gets 500 rostered people and a published 62-day schedule with everyone on a shift every day. */
async function seedLargestSchedule(url: string, databaseUrl: string, adminCookie: string): Promise<{ scheduleId: number; flooder: string; reader: string }> {
  const accounts: Record<string, string> = {};
  for (const username of ['bench-flooder', 'bench-reader']) {
    const password = `${username}-password-1`;
    await expectOk(
      await call(`${url}/api/employees`, { method: 'POST', cookie: adminCookie, body: JSON.stringify({ name: username, username, password }) }),
      `POST /api/employees ${username}`,
    );
    accounts[username] = password;
  }
  const types: number[] = [];
  for (const [code, start, end] of [
    ['FE', '07:00', '15:00'],
    ['FL', '15:00', '23:00'],
  ]) {
    const created = await expectOk(
      await call(`${url}/api/rota/shift-types`, { method: 'POST', cookie: adminCookie, body: JSON.stringify({ code, name: `Flood ${code}`, start, end }) }),
      'POST /api/rota/shift-types',
    );
    types.push(created.shiftType.id);
  }
  const schedule = await expectOk(
    await call(`${url}/api/rota/schedules`, { method: 'POST', cookie: adminCookie, body: JSON.stringify({ startDate: START, endDate: END }) }),
    'POST /api/rota/schedules',
  );
  const scheduleId: number = schedule.schedule.id;

  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query("update app_user set must_change_password = false where username in ('bench-flooder', 'bench-reader')");
    // Copies of the reader's account under other names: every column as it is but the names.
    const { rows } = await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'app_user' and column_name <> 'id'",
    );
    const names: Record<string, string> = { name: "'Flood nurse ' || g", username: "'flood-' || g", username_key: "'flood-' || g" };
    const columns = rows.map((row) => row.column_name);
    const values = columns.map((column) => names[column] ?? `u.${column}`);
    await client.query(
      `insert into app_user (${columns.join(', ')}) select ${values.join(', ')}
         from app_user u, generate_series(1, ${STAFF - 2}) g where u.username = 'bench-reader'`,
    );
    await client.query(
      `insert into staff_profile (user_id, skills, contract_id, created_at, updated_at)
       select id, '["nurse"]'::jsonb, null, now(), now() from app_user where username like 'flood-%' or username in ('bench-flooder', 'bench-reader')`,
    );
    await client.query(
      `insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned)
       select $1, u.id, d::date, case when u.id % 2 = 0 then $2::int else $3::int end, 'nurse', false
         from app_user u, generate_series($4::date, $5::date, '1 day') d
        where u.username like 'flood-%' or u.username in ('bench-flooder', 'bench-reader')`,
      [scheduleId, types[0], types[1], START, END],
    );
    await client.query("update schedule set status = 'published', published_at = now() where id = $1", [scheduleId]);
  } finally {
    await client.end();
  }
  return {
    scheduleId,
    flooder: await signIn(url, 'bench-flooder', accounts['bench-flooder']!),
    reader: await signIn(url, 'bench-reader', accounts['bench-reader']!),
  };
}

/** The reader's list, one request after another, for `seconds`: latencies of 200s, and the other statuses. */
async function readList(url: string, cookie: string, seconds: number): Promise<{ latencies: number[]; statuses: Record<string, number> }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const response = await call(`${url}/api/rota/schedules`, { cookie });
    await response.arrayBuffer();
    if (response.status === 200) latencies.push(performance.now() - started);
    else statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  return { latencies: latencies.sort((a, b) => a - b), statuses };
}

export async function measureFlood(url: string, databaseUrl: string, adminCookie: string, seconds: number): Promise<FloodFigures> {
  const { scheduleId, flooder, reader } = await seedLargestSchedule(url, databaseUrl, adminCookie);
  await readList(url, reader, 1);
  // The yardstick for half the time before the flood and half after it, so that a change in how busy the machine is
  // (other work shares these cores) weighs on both sides of the ratio.
  const before = await readList(url, reader, seconds / 2);

  const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: BATCH_SIZE }, (_, i) => [String(i), { id: scheduleId }]))));
  const batchUrl = `${url}/trpc/${Array(BATCH_SIZE).fill('rota.schedules.read').join(',')}?batch=1&input=${input}`;
  // The flood runs in a thread of its own: reading its answers (megabytes of JSON each) must not hold the
  // reader's clock in this one.
  const worker = new Worker(new URL('./flood-loop.ts', import.meta.url), { workerData: { batchUrl, cookie: flooder, batches: FLOOD_BATCHES, batchSize: BATCH_SIZE } });
  let firstAnswer: () => void;
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
  const counted = new Promise<FloodFigures['flood']>((resolve, reject) => {
    worker.on('message', (message: FloodFigures['flood'] | 'first answer') => (message === 'first answer' ? firstAnswer() : resolve(message)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the flood's thread ended (${code}) before reporting`)));
  });
  try {
    // The flood has its first answer (the one read of the schedule that is made, not found kept) and fills its line
    // before the measure starts: what is measured is the second account beside the flood going on.
    await Promise.race([answered, counted, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beside = await readList(url, reader, seconds);
    worker.postMessage('stop');
    const flood = await counted;
    await worker.terminate();
    // The batches the flood left under way are answered (to nobody) before the yardstick goes on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await readList(url, reader, seconds / 2);
    const alone = [...before.latencies, ...after.latencies].sort((a, b) => a - b);
    return { alone, beside: beside.latencies, otherStatuses: beside.statuses, flood };
  } finally {
    await worker.terminate();
  }
}

export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}
