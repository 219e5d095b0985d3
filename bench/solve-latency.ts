// The second scenario of npm run bench:rota and of its --repair (the targets are in BENCHMARKS.md): GET /api/me latency
// while a solve, and while a repair (docs/rota.md §11.2), runs in the same process (npm start's default worker) against
// the same load without either. Runs the built service (dist/) on a fresh database (DATABASE_URL's server, or an embedded
// PostgreSQL), seeds a 30-nurse ward straight into the database with a draft of 28 days and, after it, a published
// roster of 28 days (solved, published, then three nurses sick for three days), then alternates three times: no job, a
// solve of the draft, a repair of the published roster. Prints a markdown table to stdout.
//
//   node bench/solve-latency.ts [--seconds N] [--connections N]
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_SOLVER_THREADS } from '../server/config.ts';
import { openBenchDatabase } from './database.ts';
import { load, type LoadResult } from './load.ts';
import { spawnServer, stopAll } from './processes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };
const NURSES = 30;
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function call(url: string, method: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
}

async function expectStatus(response: Response, status: number, what: string): Promise<any> {
  const body = await response.json().catch(() => null);
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Three shift types, 30 nurses with profiles, coverage of 6 / 8 per shift every day: a ward the solver cannot finish early. */
async function seedWard(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ hospital_id: number; ward_id: number; password_hash: string }>('select hospital_id, ward_id, password_hash from app_user limit 1');
    const { hospital_id: hospital, ward_id: ward, password_hash: hash } = rows[0]!;
    const shifts = [];
    for (const [code, start, end] of [['E', 420, 900], ['L', 900, 1380], ['N', 1380, 420]] as const) {
      const result = await db.query<{ id: number }>(
        `insert into shift_type (ward_id, code, code_key, name, start_minute, end_minute, min_consecutive, max_consecutive, active, created_at, updated_at)
         values ($1, $2::text, lower($2::text), $2::text, $3, $4, 2, 5, true, now(), now()) returning id`,
        [ward, code, start, end],
      );
      shifts.push(result.rows[0]!.id);
    }
    const contract = await db.query<{ id: number }>(
      `insert into contract (ward_id, name, name_key, min_assignments, max_assignments, min_consecutive_working_days, max_consecutive_working_days,
         min_consecutive_days_off, max_consecutive_days_off, max_working_weekends, complete_weekends, created_at, updated_at)
       values ($1, 'full time', 'full time', 16, 20, 2, 5, 2, 4, 2, true, now(), now()) returning id`,
      [ward],
    );
    for (let i = 0; i < NURSES; i++) {
      const user = await db.query<{ id: number }>(
        `insert into app_user (hospital_id, ward_id, name, username, username_key, password_hash, role, created_at, updated_at)
         values ($1, $2, $3, $3, $3, $4, 'employee', now(), now()) returning id`,
        [hospital, ward, `nurse-${i}`, hash],
      );
      await db.query(`insert into staff_profile (user_id, skills, contract_id, created_at, updated_at) values ($1, $2::jsonb, $3, now(), now())`, [
        user.rows[0]!.id,
        JSON.stringify(i % 3 === 0 ? ['head', 'nurse'] : ['nurse']),
        contract.rows[0]!.id,
      ]);
    }
    for (const shift of shifts) {
      for (let weekday = 0; weekday < 7; weekday++) {
        await db.query(`insert into coverage_requirement (ward_id, shift_type_id, skill, weekday, minimum, optimal) values ($1, $2, 'nurse', $3, 5, 7), ($1, $2, 'head', $3, 1, 1)`, [
          ward,
          shift,
          weekday,
        ]);
      }
    }
  } finally {
    await db.end();
  }
}

const NO_JOB = 'no job';
/** The published roster's solve, and its sick call: three nurses who work on SICK_FROM, sick for three days from it. */
const PUBLISHED_SOLVE_SECONDS = 15;
const SICK_FROM = '2027-01-11';
const SICK_TO = '2027-01-13';

/**
 * A second schedule of 28 days after the draft, solved, published (whatever its hard violations) and then hit by a sick
 * call: three nurses who work on SICK_FROM file sick leave approved at once. Answers its solve route, for the repairs.
 */
async function publishedWithSickCall(url: string, cookie: string): Promise<string> {
  const created = await expectStatus(await call(`${url}/api/rota/schedules`, 'POST', { startDate: '2027-01-04', endDate: '2027-01-31' }, cookie), 201, 'second schedule');
  const schedulePath = `${url}/api/rota/schedules/${created.schedule.id}`;
  await expectStatus(await call(`${schedulePath}/solve`, 'POST', { timeLimitSeconds: PUBLISHED_SOLVE_SECONDS }, cookie), 202, 'solve the second schedule');
  for (let job; !['cancelled', 'done', 'failed'].includes(job?.status); ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = (await expectStatus(await call(`${schedulePath}/solve`, 'GET', undefined, cookie), 200, 'read the solve')).job;
  }
  await expectStatus(await call(`${schedulePath}/publish`, 'POST', { acceptViolations: true }, cookie), 200, 'publish');
  const detail = await expectStatus(await call(schedulePath, 'GET', undefined, cookie), 200, 'read the schedule');
  const sick = [...new Set<number>(detail.assignments.filter((cell: { date: string }) => cell.date === SICK_FROM).map((cell: { userId: number }) => cell.userId))].slice(0, 3);
  for (const userId of sick) {
    const leave = { kind: 'leave', reason: 'sick', approve: true, userId, date: SICK_FROM, endDate: SICK_TO };
    await expectStatus(await call(`${url}/api/rota/requests`, 'POST', leave, cookie), 201, 'file a sick leave');
  }
  return `${schedulePath}/solve`;
}

interface Phase {
  name: string;
  result: LoadResult;
}

export async function runSolveLatency(options: { seconds: number; connections: number }): Promise<string> {
  const loadBefore = loadavg().map((value) => value.toFixed(1)).join(' ');
  const tmp = mkdtempSync(join(tmpdir(), 'nobat-bench-solve-'));
  chmodSync(tmp, 0o755);
  const db = await openBenchDatabase(process.env.DATABASE_URL, join(tmp, 'postgres'));
  try {
    const service = await spawnServer({
      name: 'nobat',
      args: [join(ROOT, 'dist/server/main.js')],
      env: { PATH: process.env.PATH, DATABASE_URL: db.url, DATA_DIR: join(tmp, 'data'), PORT: '0', LOG_LEVEL: 'warn', SESSION_SECRET: 'b'.repeat(40), NODE_ENV: 'production' },
      logFile: join(tmp, 'nobat.log'),
      listening: /nobat listening on (http:\/\/\S+)/,
      timeoutMs: 60_000,
    });
    await expectStatus(await call(`${service.url}/api/auth/setup`, 'POST', { hospitalName: 'Bench Hospital', wardName: 'Bench Ward', name: 'Bench Admin', ...ADMIN }), 201, 'setup');
    const signedIn = await call(`${service.url}/api/auth/login`, 'POST', ADMIN);
    await expectStatus(signedIn.clone(), 200, 'login');
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('nobat_sid='))!.split(';')[0]!;
    await seedWard(db.url);
    const schedule = await expectStatus(await call(`${service.url}/api/rota/schedules`, 'POST', { startDate: '2026-12-07', endDate: '2027-01-03' }, cookie), 201, 'schedule');
    const solvePath = `${service.url}/api/rota/schedules/${schedule.schedule.id}/solve`;
    log(`a published roster with a sick call to repair (a ${PUBLISHED_SOLVE_SECONDS} s solve first)`);
    const repairPath = await publishedWithSickCall(service.url, cookie);

    /** Waits until the job of `path` reaches one of `statuses`. */
    const waitFor = async (path: string, statuses: string[]) => {
      for (let job; !statuses.includes(job?.status); ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        job = (await expectStatus(await call(path, 'GET', undefined, cookie), 200, 'read the job')).job;
      }
    };

    const me = () => load({ url: `${service.url}/api/me`, connections: options.connections, seconds: options.seconds, headers: { Cookie: cookie }, expectStatus: 200 });
    const phases: Phase[] = [];
    log(`GET /api/me, ${options.connections} connections, ${options.seconds} s: warm-up`);
    await load({ url: `${service.url}/api/me`, connections: options.connections, seconds: 2, headers: { Cookie: cookie }, expectStatus: 200 });
    const jobs = [
      { name: 'while a solve runs', path: solvePath, body: { timeLimitSeconds: options.seconds + 30 } },
      { name: 'while a repair runs', path: repairPath, body: { mode: 'repair', from: SICK_FROM, timeLimitSeconds: options.seconds + 30 } },
    ];
    for (let round = 0; round < 3; round++) {
      log('GET /api/me without a job');
      phases.push({ name: NO_JOB, result: await me() });
      for (const job of jobs) {
        await expectStatus(await call(job.path, 'POST', job.body, cookie), 202, `start a job ${job.name}`);
        await waitFor(job.path, ['running']);
        log(`GET /api/me ${job.name}`);
        phases.push({ name: job.name, result: await me() });
        await expectStatus(await call(job.path, 'DELETE', undefined, cookie), 200, 'stop the job');
        await waitFor(job.path, ['cancelled', 'done', 'failed']);
      }
    }
    await service.stop();

    const p99 = (name: string) => phases.filter((phase) => phase.name === name).map((phase) => phase.result.p99);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = (name: string) => (median(p99(name)) / median(p99(NO_JOB))).toFixed(2);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    return [
      `Run of ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${availableParallelism()} CPUs (${cpu}) · ${db.description} · ` +
        `GET /api/me at ${options.connections} connections, ${options.seconds} s per phase; the solve and the repair (${NURSES} nurses, 28 days each) run in the service's own solver threads (SOLVER_THREADS, by default ${DEFAULT_SOLVER_THREADS}, at a lower priority)`,
      '',
      '| phase | requests/s | p50 | p99 |',
      '|---|---|---|---|',
      ...phases.map((phase) => `| ${phase.name} | ${Math.round(phase.result.perSecond)} | ${phase.result.p50} ms | ${phase.result.p99} ms |`),
      '',
      `p99 while a solve runs / p99 without a job (median of the phases of each kind): ${ratio('while a solve runs')}; ` +
        `while a repair runs: ${ratio('while a repair runs')} (target: at most 2 each). ` +
        `Load average before / after: ${loadBefore} / ${loadavg().map((value) => value.toFixed(1)).join(' ')}.`,
    ].join('\n');
  } finally {
    await stopAll();
    await db.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' } } });
  process.stdout.write(`${await runSolveLatency({ seconds: Number(values.seconds), connections: Number(values.connections) })}\n`);
}
