// The second scenario of npm run bench:rota (its target is in BENCHMARKS.md): GET /api/me latency while a solve runs in the
// same process (npm start's default worker) against the same load without one. Runs the built service (dist/)
// on a fresh database (DATABASE_URL's server, or an embedded PostgreSQL), seeds a 30-nurse ward for 28 days
// straight into the database, then alternates three times: no solve, a solve. Prints a markdown table to stdout.
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

    const me = () => load({ url: `${service.url}/api/me`, connections: options.connections, seconds: options.seconds, headers: { Cookie: cookie }, expectStatus: 200 });
    const phases: Phase[] = [];
    log(`GET /api/me, ${options.connections} connections, ${options.seconds} s: warm-up`);
    await load({ url: `${service.url}/api/me`, connections: options.connections, seconds: 2, headers: { Cookie: cookie }, expectStatus: 200 });
    for (const withSolve of [false, true, false, true, false, true]) {
      if (withSolve) {
        await expectStatus(await call(solvePath, 'POST', { timeLimitSeconds: options.seconds + 30 }, cookie), 202, 'start a solve');
        for (let job; job?.status !== 'running'; ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          job = (await expectStatus(await call(solvePath, 'GET', undefined, cookie), 200, 'read the solve')).job;
        }
      }
      log(`GET /api/me ${withSolve ? 'while a solve runs' : 'without a solve'}`);
      phases.push({ name: withSolve ? 'while a solve runs' : 'no solve', result: await me() });
      if (withSolve) {
        await expectStatus(await call(solvePath, 'DELETE', undefined, cookie), 200, 'stop the solve');
        for (let job; !['cancelled', 'done', 'failed'].includes(job?.status); ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          job = (await expectStatus(await call(solvePath, 'GET', undefined, cookie), 200, 'read the solve')).job;
        }
      }
    }
    await service.stop();

    const p99 = (name: string) => phases.filter((phase) => phase.name === name).map((phase) => phase.result.p99);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(p99('while a solve runs')) / median(p99('no solve'));
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    return [
      `Run of ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${availableParallelism()} CPUs (${cpu}) · ${db.description} · ` +
        `GET /api/me at ${options.connections} connections, ${options.seconds} s per phase; the solve (${NURSES} nurses, 28 days) runs in the service's own solver threads (SOLVER_THREADS, by default ${DEFAULT_SOLVER_THREADS}, at a lower priority)`,
      '',
      '| phase | requests/s | p50 | p99 |',
      '|---|---|---|---|',
      ...phases.map((phase) => `| ${phase.name} | ${Math.round(phase.result.perSecond)} | ${phase.result.p50} ms | ${phase.result.p99} ms |`),
      '',
      `p99 while solving / p99 without (median of the phases of each kind): ${ratio.toFixed(2)} (target: at most 2). ` +
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
