import { beforeEach, describe, expect, it } from '@jest/globals';
import { systemClock } from '../server/clock.js';
import { type Roster } from '../server/rota/problem.js';
import type { SolveInput, SolveResult } from '../server/rota/solver/solve.js';
import type { ThreadSolveOptions } from '../server/rota/solver/thread.js';
import { runSolveJob, type SolverRunner } from '../server/services/rota/solve/run-solve-job.js';
import { startSolve } from '../server/services/rota/solve/start-solve.js';
import { SOLVE_QUEUE } from '../server/services/rota/solve/solve-queue.js';
import { User } from '../server/db/entities/user.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { setUpSolveWard, type SolveWard } from './support/solve-ward.js';
import { useFreshInstallation } from './support/suite.js';

/**
 * The solve job without the queue (a job's handler called directly): `runSolveJob` on real PostgreSQL with a stand-in
 * for the solver thread that answers a fixed roster, so each path of the loop can be driven by the test.
 */
describe('the solve job, run without the queue', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let ward: SolveWard;
  let sent: { queue: string; data: object }[];

  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    ward = await setUpSolveWard(server, people.manager.client, people.wardId, [people.manager.id, people.employee.id]);
    sent = [];
  });

  async function queueSolve(): Promise<number> {
    const em = server.em();
    const actor = await em.findOneOrFail(User, people.manager.id);
    const job = await startSolve(
      em,
      { id: ward.scheduleId, wardId: people.wardId, timeLimitSeconds: 5 },
      { now: new Date(), actor, client: { ip: null, userAgent: null }, config: server.config },
      { send: async (queue, data) => (sent.push({ queue, data }), 'message-1') },
    );
    return job.id;
  }

  /** Everyone on the early shift every day: what a solver might answer, scored as it is. */
  function everyoneEarly(during?: (options: ThreadSolveOptions) => Promise<void>): SolverRunner {
    return async (input: SolveInput, options: ThreadSolveOptions): Promise<SolveResult> => {
      const roster: Roster = { shift: new Int16Array(input.initial.shift.length).fill(0), skill: new Int16Array(input.initial.skill.length).fill(0) };
      options.onProgress?.({ elapsedMs: 5, moves: 1, hard: 7, soft: 210 });
      await during?.(options);
      return { roster, score: { hard: 7, soft: 210 }, moves: 1, stoppedBy: options.signal?.aborted ? 'aborted' : 'deadline', firstFeasibleMs: null };
    };
  }

  const jobRow = async (id: number) =>
    (await server.em().execute<{ status: string; attempt: number; best_hard: number | null; error: string | null }[]>('select status, attempt, best_hard, error from solve_job where id = ?', [id]))[0]!;
  const cells = async () => server.em().execute<{ user_id: number; shift_type_id: number }[]>('select user_id, shift_type_id from assignment where schedule_id = ?', [ward.scheduleId]);
  const version = async () => (await server.em().execute<{ version: number }[]>('select version from schedule where id = ?', [ward.scheduleId]))[0]!.version;

  it('queues one message naming the job row', async () => {
    const id = await queueSolve();
    expect(sent).toEqual([{ queue: SOLVE_QUEUE, data: { solveJobId: id } }]);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempt: 0 });
  });

  it('writes the roster, the score and the progress, and moves the version on', async () => {
    const id = await queueSolve();
    const before = await version();
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: everyoneEarly() }, { solveJobId: id })).toBe('done');
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempt: 1, best_hard: 7 });
    expect((await cells()).filter((cell) => cell.shift_type_id === ward.early)).toHaveLength(14);
    expect(await version()).toBe(before + 1);
    const job = (await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}/solve`)).body.job;
    expect(job.best).toEqual({ hard: 7, soft: 210 });
    expect(job.progress[0]).toEqual({ elapsedMs: 5, hard: 7, soft: 210, bound: null, gap: null });
    expect(job).toMatchObject({ bound: null, gap: null });
  });

  it('keeps the lower bound the solver reports, with its gap, in the progress while it runs and on the job it ends', async () => {
    const id = await queueSolve();
    let whileRunning: any = null;
    const runner = everyoneEarly(async (options) => {
      expect(options.bound).toBe(true);
      options.onBound?.(140);
      options.onBound?.(150);
      await new Promise((resolve) => setTimeout(resolve, 120));
      whileRunning = (await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}/solve`)).body.job;
    });
    const outcome = await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: runner, tickMs: 20 }, { solveJobId: id });
    expect([outcome, (await jobRow(id)).error]).toEqual(["done", null]);
    // The progress written while it ran: the best score with the bound then known and the gap between them.
    expect(whileRunning).toMatchObject({ status: 'running', best: { hard: 7, soft: 210 }, bound: 150 });
    expect(whileRunning.gap).toBeCloseTo(60 / 210, 12);
    expect(whileRunning.progress.at(-1)).toMatchObject({ hard: 7, soft: 210, bound: 150 });
    const job = (await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}/solve`)).body.job;
    expect(job).toMatchObject({ status: 'done', best: { hard: 7, soft: 210 }, bound: 150 });
    expect(job.gap).toBeCloseTo(60 / 210, 12);
    expect(job.progress.at(-1).gap).toBeCloseTo(60 / 210, 12);
  });

  it("refuses to delete one of the ward's shift types while a solve is queued, and deletes it once the solve is over", async () => {
    const unused = await people.manager.client.post('/api/rota/shift-types', { code: 'X', name: 'Extra', start: '09:00', end: '13:00' });
    expect(unused.status).toBe(201);
    const id = unused.body.shiftType.id as number;
    await queueSolve();
    const refused = await people.manager.client.delete(`/api/rota/shift-types/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('shift_type_in_use');
    expect((await people.manager.client.delete(`/api/rota/schedules/${ward.scheduleId}/solve`)).status).toBe(200);
    expect((await people.manager.client.delete(`/api/rota/shift-types/${id}`)).status).toBe(200);
  });

  it('does nothing with a job cancelled while it was queued', async () => {
    const id = await queueSolve();
    expect((await people.manager.client.delete(`/api/rota/schedules/${ward.scheduleId}/solve`)).status).toBe(200);
    expect(await jobRow(id)).toMatchObject({ status: 'cancelled' });
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: everyoneEarly() }, { solveJobId: id })).toBe('skipped');
    expect(await cells()).toEqual([]);
  });

  it('writes nothing once another attempt has taken the job over', async () => {
    const id = await queueSolve();
    const runner = everyoneEarly(async () => {
      // Another worker claims the job while this one is still solving.
      await server.em().execute('update solve_job set attempt = attempt + 1 where id = ?', [id]);
    });
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: runner }, { solveJobId: id })).toBe('lost');
    expect(await cells()).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempt: 2 });
  });

  it('hands the job back to the queue when its process stops mid-solve', async () => {
    const id = await queueSolve();
    const stopping = new AbortController();
    const runner = everyoneEarly(async () => stopping.abort());
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: runner, stopping: stopping.signal }, { solveJobId: id })).toBe('released');
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempt: 1 });
    expect(await cells()).toEqual([]);
    // The next attempt (another worker, or this one after a restart) runs it.
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: everyoneEarly() }, { solveJobId: id })).toBe('done');
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempt: 2 });
  });

  it('records a failure of the solver, leaves the schedule alone and frees it for another solve', async () => {
    const id = await queueSolve();
    const before = await version();
    const broken: SolverRunner = async () => {
      throw new Error('The solver thread exited with code 1 before it answered');
    };
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: broken }, { solveJobId: id })).toBe('failed');
    expect(await jobRow(id)).toMatchObject({ status: 'failed', error: 'The solver thread exited with code 1 before it answered' });
    expect(await version()).toBe(before);
    const job = (await people.manager.client.get(`/api/rota/schedules/${ward.scheduleId}/solve`)).body.job;
    expect(job).toMatchObject({ status: 'failed', best: null });
    expect(job).not.toHaveProperty('error');
    expect(await queueSolve()).toBeGreaterThan(id);
  });

  it('reads the cancel mark while it runs, stops the solver and keeps its roster', async () => {
    const id = await queueSolve();
    const runner = everyoneEarly(async (options) => {
      await people.manager.client.delete(`/api/rota/schedules/${ward.scheduleId}/solve`);
      // The worker may have read the mark (and aborted) before the answer to the DELETE arrived here.
      const signal = options.signal!;
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
    });
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: runner, tickMs: 20 }, { solveJobId: id })).toBe('cancelled');
    expect(await jobRow(id)).toMatchObject({ status: 'cancelled', best_hard: 7 });
    expect(await cells()).toHaveLength(14);
  });

  it('audits each cell it changes in a published schedule, in the name of who asked', async () => {
    // A full solve starts on a draft only now (a published schedule is repaired instead), and publishing waits for it; a
    // full solve queued on a published schedule before repairs existed still runs, audited.
    const id = await queueSolve();
    await server.em().execute("update schedule set status = 'published', published_at = now() where id = ?", [ward.scheduleId]);
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: everyoneEarly() }, { solveJobId: id })).toBe('done');
    const changes = await server
      .em()
      .execute<{ actor_id: number; before_shift_type_id: number | null; after_shift_code: string; version: number }[]>(
        'select actor_id, before_shift_type_id, after_shift_code, version from schedule_cell_change where schedule_id = ?',
        [ward.scheduleId],
      );
    expect(changes).toHaveLength(14);
    expect(changes.map(({ actor_id, before_shift_type_id, after_shift_code }) => ({ actor_id, before_shift_type_id, after_shift_code }))).toEqual(new Array(14).fill({ actor_id: people.manager.id, before_shift_type_id: null, after_shift_code: "E" }));
    expect(changes[0]!.version).toBe(await version());
    const events = await server.em().execute<{ note: string; actor_id: number }[]>("select note, actor_id from rota_event where type = 'schedule.solved' and object_id = ?", [ward.scheduleId]);
    expect(events).toEqual([{ note: `14 cells, version ${await version()}`, actor_id: people.manager.id }]);
  });
});
