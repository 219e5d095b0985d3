import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { compiledProject } from './support/build.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { setUpInstallation } from './support/fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { compiledSolver, setUpSolveWard, waitForSolve, waitForSolveEnd, type SolveWard } from './support/solve-ward.js';
import { startTestServer, type TestServer } from './support/test-server.js';

interface WorkerProcess {
  child: ChildProcess;
  output(): string;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The worker's output once it matches `pattern`, or as it is after `ms` milliseconds. */
async function outputMatching(worker: WorkerProcess, pattern: RegExp, ms = 10_000): Promise<string> {
  for (let waited = 0; !pattern.test(worker.output()) && waited < ms; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return worker.output();
}

describe('solve workers as processes (npm run worker) on one database', () => {
  let build: { dir: string };
  let database: TestDatabase;
  let api: TestServer;
  let people: RotaPeople;
  let ward: SolveWard;
  const workers: WorkerProcess[] = [];

  /** Starts the built worker as `npm run worker` would, and waits for its "running" line. */
  function startWorker(): Promise<WorkerProcess> {
    const child = spawn(process.execPath, [join(build.dir, 'server/worker.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, JOB_MONITOR_SECONDS: '1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const worker = { child, output: () => output };
    workers.push(worker);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no running line within 60 s:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('nobat worker running')) {
          clearTimeout(timer);
          resolve(worker);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before running:\n${output}`));
      });
    });
  }

  beforeAll(async () => {
    build = await compiledProject();
    database = await createTestDatabase();
    // The API process runs no worker here: every solve runs in a worker process.
    api = await startTestServer({ database, keepDatabase: true, env: { WORKER: 'false', JOB_MONITOR_SECONDS: '1' }, jobs: { runSolver: await compiledSolver(build.dir) } });
    people = await setUpRotaPeople(api, await setUpInstallation(api));
    ward = await setUpSolveWard(api, people.manager.client, people.wardId, [people.manager.id, people.employee.id, people.colleague.id], { unprovable: true });
  }, 180_000);
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await api?.close();
    await database?.drop();
  });

  const solvePath = () => `/api/rota/schedules/${ward.scheduleId}/solve`;

  it('loses no job when its worker is killed mid-solve: another worker finishes it', async () => {
    const first = await startWorker();
    const version = (await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}`)).body.schedule.version;
    expect((await people.manager.client.post(solvePath(), { timeLimitSeconds: 4 })).status).toBe(202);
    const running = await waitForSolve(people.manager.client, ward.scheduleId, (job) => job.status === 'running' && job.best !== null);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(first.output()).not.toContain('solve job ended');

    const second = await startWorker();
    const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
    expect(job).toMatchObject({ id: running.id, status: 'done', best: { hard: 0 } });
    // The worker logs the job's end after it has written it: the line may come a moment after the API shows it done.
    expect(await outputMatching(second, /"outcome":"done"/)).toMatch(/"outcome":"done"/);
    const schedule = (await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}`)).body;
    expect(schedule.schedule.version).toBe(version + 1);
    expect(schedule.schedule.score).toEqual(job.best);
  }, 120_000);

  it('stops a solve running in a worker process on DELETE to the API process, keeping the best roster', async () => {
    expect((await people.manager.client.post(solvePath(), { timeLimitSeconds: 600 })).status).toBe(202);
    const running = await waitForSolve(people.manager.client, ward.scheduleId, (job) => job.status === 'running' && job.best !== null);
    expect((await people.manager.client.delete(solvePath())).status).toBe(200);
    const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
    expect(job).toMatchObject({ id: running.id, status: 'cancelled' });
    expect(job.best).not.toBeNull();
    expect((await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}`)).body.schedule.score).toEqual(job.best);
  }, 120_000);

  it('stops cleanly on SIGTERM', async () => {
    const worker = workers.at(-1)!;
    worker.child.kill('SIGTERM');
    expect(await exited(worker.child)).toBe(0);
  }, 60_000);
});
