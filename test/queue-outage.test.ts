import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { compiledProject } from './support/build.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { setUpInstallation } from './support/fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { compiledSolver, setUpSolveWard, waitForSolve, waitForSolveEnd, type SolveWard } from './support/solve-ward.js';
import { startStallingProxy, type StallingProxy } from './support/stalling-proxy.js';
import { startTestServer, type TestServer } from './support/test-server.js';

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker process whose whole path to the database (its ORM and its job queue) goes black mid-solve and comes
 * back: the job must end, and the schedule, the queue and the process must work again, with nothing restarted.
 */
describe('a solve worker whose database path goes black mid-solve, then heals', () => {
  let build: { dir: string };
  let database: TestDatabase;
  let proxy: StallingProxy;
  let api: TestServer;
  let people: RotaPeople;
  let ward: SolveWard;
  let worker: ChildProcess;
  let output = '';

  beforeAll(async () => {
    build = await compiledProject();
    database = await createTestDatabase();
    proxy = await startStallingProxy(database.url);
    api = await startTestServer({ database, keepDatabase: true, env: { WORKER: 'false', JOB_MONITOR_SECONDS: '1' }, jobs: { runSolver: await compiledSolver(build.dir) } });
    people = await setUpRotaPeople(api, await setUpInstallation(api));
    ward = await setUpSolveWard(api, people.manager.client, people.wardId, [people.manager.id, people.employee.id, people.colleague.id], { optimal: 3 });
    worker = spawn(process.execPath, [join(build.dir, 'server/worker.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: proxy.url, JOB_MONITOR_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '3', SOLVER_THREADS: '1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let waited = 0; !output.includes('nobat worker running'); waited += 100) {
      if (waited > 60_000 || worker.exitCode !== null) throw new Error(`the worker did not start:\n${output}`);
      await sleep(100);
    }
  }, 180_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    proxy?.heal();
    await api?.close();
    await proxy?.close();
    await database?.drop();
  });

  const schedulePath = () => `/api/rota/schedules/${ward.scheduleId}`;

  it('ends the job once the database answers again; then stop, edits and new solves work, and SIGTERM ends the worker', async () => {
    expect((await people.manager.client.post(`${schedulePath()}/solve`, { timeLimitSeconds: 3 })).status).toBe(202);
    // At once: this small ward's optimum is proven (which ends the solve) within about two seconds of the claim.
    const running = await waitForSolve(people.manager.client, ward.scheduleId, (job) => job.status === 'running');

    proxy.blackHole();
    // Past the solve's end and its first attempts to write back, and past the queue's heartbeats.
    await sleep(12_000);
    expect((await people.manager.client.get(`${schedulePath()}/solve`)).body.job.status).toBe('running');
    proxy.heal();

    const ended = await waitForSolveEnd(people.manager.client, ward.scheduleId, 60_000);
    expect(ended.id).toBe(running.id);
    expect(['done', 'failed']).toContain(ended.status);
    expect((await people.manager.client.delete(`${schedulePath()}/solve`)).status).toBe(200);

    const { version } = (await people.manager.client.get(schedulePath())).body.schedule;
    const edit = await people.manager.client.request('PUT', `${schedulePath()}/assignments`, {
      body: { version, set: [{ userId: people.employee.id, date: '2026-12-07', shiftTypeId: ward.early }] },
    });
    expect(edit.status).toBe(200);

    // The worker's queue took up its work again: a new solve is sent, taken and done.
    const next = await people.manager.client.post(`${schedulePath()}/solve`, { timeLimitSeconds: 1 });
    expect(next.status).toBe(202);
    expect(await waitForSolveEnd(people.manager.client, ward.scheduleId, 60_000)).toMatchObject({ id: next.body.job.id, status: 'done' });

    worker.kill('SIGTERM');
    // Ended, cleanly or (when a connection the black hole took will not even close) by the shutdown's deadline.
    const code = await Promise.race([exited(worker), sleep(30_000).then(() => 'still running')]);
    expect([0, 1]).toContain(code);
  }, 180_000);
});
