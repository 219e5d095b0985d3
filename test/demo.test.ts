import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { compiledProject } from './support/build.js';
import { TestClient } from './support/client.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

interface DemoRun {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

describe('npm run demo', () => {
  let build: { dir: string };
  let database: TestDatabase;
  const runs: DemoRun[] = [];

  /** Runs the built demo as `npm run demo` would, on the test database. */
  function runDemo(databaseUrl = database.url): DemoRun {
    const child = spawn(process.execPath, [join(build.dir, 'scripts/demo.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'warn', DEMO_SOLVE_SECONDS: '10' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const run = { child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))), output: () => output };
    runs.push(run);
    return run;
  }

  async function outputMatching(run: DemoRun, pattern: RegExp, ms: number): Promise<RegExpExecArray> {
    for (let waited = 0; waited < ms; waited += 200) {
      const match = pattern.exec(run.output());
      if (match) return match;
      if (run.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no ${pattern} in the demo's output:\n${run.output()}`);
  }

  async function accounts(): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<{ n: number }>('select count(*)::int as n from app_user')).rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    build = await compiledProject();
    database = await createTestDatabase({ empty: true });
  }, 120_000);
  afterAll(async () => {
    for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    await database?.drop();
  });

  it('fills an empty database with a ward whose roster of the month is published with no hard violation, and keeps serving', async () => {
    const demo = runDemo();
    await outputMatching(demo, /Serving until Ctrl-C/, 400_000);
    const url = /ready at (http:\/\/\S+)/.exec(demo.output())![1]!;
    const [, headUsername, password] = /head nurse .* username (\S+) +password (\S+)/.exec(demo.output())!;
    const [, nurseUsername] = /\n {2}nurse .* username (\S+) +password/.exec(demo.output())!;

    const head = new TestClient(url);
    expect((await head.post('/api/auth/login', { username: headUsername, password })).status).toBe(200);
    const me = await head.get('/api/me');
    expect(me.body.user).toMatchObject({ role: 'manager', mustChangePassword: false });
    const { schedules } = (await head.get('/api/rota/schedules')).body;
    expect(schedules).toHaveLength(1);
    const [schedule] = schedules;
    expect(schedule).toMatchObject({ status: 'published', score: { hard: 0 } });
    // The current Solar Hijri month, today inside it.
    expect(schedule.startDate <= me.body.today && me.body.today <= schedule.endDate).toBe(true);
    const evaluation = (await head.get(`/api/rota/schedules/${schedule.id}/evaluation`)).body;
    expect(evaluation.score.hard).toBe(0);
    expect(evaluation.staff).toHaveLength(30);

    const staff = (await head.get('/api/rota/staff')).body.staff;
    expect(staff.filter((member: { skills: string[] }) => member.skills.length > 0)).toHaveLength(30);
    expect(staff.every((member: { name: string }) => /[\u0600-\u06FF]/.test(member.name))).toBe(true);
    const requests = (await head.get('/api/rota/requests')).body.requests as { kind: string; status: string; reason: string | null }[];
    const leaves = requests.filter((request) => request.kind === 'leave');
    // Four leaves asked for in advance, and a sick call after publication unless the month has no day after today.
    const sick = leaves.filter((request) => request.reason === 'sick');
    expect(sick.length).toBe(me.body.today < schedule.endDate ? 1 : 0);
    expect(sick.every((request) => request.status === 'approved')).toBe(true);
    expect(leaves.filter((request) => request.reason !== 'sick').map((request) => request.status).sort()).toEqual(['approved', 'approved', 'pending', 'rejected']);
    expect(requests.filter((request) => request.kind !== 'leave').length).toBeGreaterThanOrEqual(29);
    expect((await head.get('/api/rota/holidays')).body.holidays.length).toBeGreaterThanOrEqual(10);

    // A swap two nurses agreed on, waiting for the head nurse.
    const swaps = (await head.get('/api/rota/swaps')).body.swaps as { status: string }[];
    expect(swaps.length).toBeLessThanOrEqual(1);
    expect(swaps.every((swap) => swap.status === 'accepted')).toBe(true);
    const nurse = new TestClient(url);
    expect((await nurse.post('/api/auth/login', { username: nurseUsername, password })).status).toBe(200);
    expect((await nurse.get(`/api/rota/schedules/${schedule.id}`)).status).toBe(200);

    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  }, 480_000);

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const before = await accounts();
    const again = runDemo();
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/^nobat demo: refused: the database is not empty \(it holds \d+ account\(s\)\)/m);
    expect(await accounts()).toBe(before);
  }, 60_000);

  it("refuses a database holding tables that are not nobat's, before any migration", async () => {
    const other = await createTestDatabase({ empty: true });
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      await client.query('create table patients (id int)');
      const run = runDemo(other.url);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain("refused: the database is not empty (it holds 1 table(s) that are not nobat's)");
      const tables = await client.query("select table_name from information_schema.tables where table_schema = 'public'");
      expect(tables.rows).toEqual([{ table_name: 'patients' }]);
    } finally {
      await client.end();
      await other.drop();
    }
  }, 60_000);
});
