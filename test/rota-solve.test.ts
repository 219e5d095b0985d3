import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { SolverRunner } from '../server/services/rota/solve/run-solve-job.js';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { evaluate } from '../server/rota/evaluate.js';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { compareScores, emptyRoster } from '../server/rota/problem.js';
import { seededRandom } from '../server/rota/solver/random.js';
import { solve, type SolveInput, type SolveProgress } from '../server/rota/solver/solve.js';
import { compiledProject } from './support/build.js';
import { callRoute, FACES, setUpRotaPeople, type RotaPeople, type Route } from './support/rota-api.js';
import { compiledSolver, compiledThreadModule, insertApprovedLeave, setUpSolveWard, waitForSolve, waitForSolveEnd, type SolveWard, type SolveWardOptions } from './support/solve-ward.js';
import { useFreshInstallation } from './support/suite.js';

const N005W4 = fileURLToPath(new URL('../data/inrc2/n005w4', import.meta.url));
const N030W4 = fileURLToPath(new URL('../data/inrc2/n030w4', import.meta.url));

const SOLVE = {
  start: { procedure: 'rota.solve.start', method: 'POST', path: '/api/rota/schedules/{id}/solve' },
  read: { procedure: 'rota.solve.read', method: 'GET', path: '/api/rota/schedules/{id}/solve' },
  stop: { procedure: 'rota.solve.stop', method: 'DELETE', path: '/api/rota/schedules/{id}/solve' },
} as const satisfies Record<string, Route>;

describe('automatic generation as jobs (docs/rota.md §8)', () => {
  let build: { dir: string };
  let solver: SolverRunner;
  beforeAll(async () => {
    build = await compiledProject();
    // Two threads, as a two-core machine runs a solve: the lifecycle below holds for a solve of several threads.
    solver = await compiledSolver(build.dir, 2);
  }, 120_000);

  const { server, installation } = useFreshInstallation({ jobs: { runSolver: (input, options) => solver(input, options) } });
  let people: RotaPeople;
  let ward: SolveWard;
  const solvePath = () => `/api/rota/schedules/${ward.scheduleId}/solve`;
  const schedulePath = () => `/api/rota/schedules/${ward.scheduleId}`;
  const put = (path: string, body: unknown) => people.manager.client.request('PUT', path, { body });

  async function setUp(options: SolveWardOptions = {}) {
    people = await setUpRotaPeople(server, installation);
    ward = await setUpSolveWard(server, people.manager.client, people.wardId, [people.manager.id, people.employee.id, people.colleague.id], options);
  }

  /**
   * Starts a solve that cannot end by itself soon (600 s, a soft penalty no roster avoids, and a lower bound that cannot
   * prove it) and waits for it to run.
   */
  async function startLongSolve() {
    const started = await people.manager.client.post(solvePath(), { timeLimitSeconds: 600 });
    expect(started.status).toBe(202);
    return waitForSolve(people.manager.client, ward.scheduleId, (job) => job.status === 'running' && job.best !== null);
  }

  describe('on a ward that can be fully rostered', () => {
    beforeEach(() => setUp());

    it.each(FACES)('answers 404 job_not_found before any solve (%s)', async (face) => {
      const answer = await callRoute(people.manager.client, face, SOLVE.read, { id: ward.scheduleId });
      expect(answer.status).toBe(404);
      expect(answer.code).toBe('job_not_found');
      expect((await callRoute(people.manager.client, face, SOLVE.stop, { id: ward.scheduleId })).code).toBe('job_not_found');
    });

    it.each(FACES)('queues a solve (202 on REST) that runs to done and writes a roster with no hard violation (%s)', async (face) => {
      const before = (await people.manager.client.get(schedulePath())).body.schedule;
      const started = await callRoute(people.manager.client, face, SOLVE.start, { id: ward.scheduleId, timeLimitSeconds: 2 });
      expect(started.status).toBe(face === 'rest' ? 202 : 200);
      expect(started.body.job).toMatchObject({ status: 'queued', timeLimitSeconds: 2, startedAt: null, finishedAt: null, best: null, progress: [] });

      const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
      expect(job).toMatchObject({ id: started.body.job.id, status: 'done', best: { hard: 0 } });
      expect(job.startedAt).not.toBeNull();
      expect(job.finishedAt).not.toBeNull();
      expect(job.progress.length).toBeGreaterThan(0);
      expect(job.progress.at(-1)).toMatchObject(job.best);

      const after = await people.manager.client.get(schedulePath());
      expect(after.body.schedule.version).toBe(before.version + 1);
      expect(after.body.schedule.score).toEqual(job.best);
      expect(after.body.assignments.length).toBeGreaterThanOrEqual(14);
      expect(after.body.assignments.every((cell: { pinned: boolean }) => !cell.pinned)).toBe(true);
      const evaluation = await people.manager.client.get(`${schedulePath()}/evaluation`);
      expect(evaluation.body.score.hard).toBe(0);
    });

    it('keeps pinned cells and assigns nobody inside an approved leave', async () => {
      await insertApprovedLeave(server, people.wardId, people.employee.id, '2026-12-08', '2026-12-10');
      const version = (await people.manager.client.get(schedulePath())).body.schedule.version;
      // The colleague pinned on the late shift on the first two days, and on a day off on the third (no cell).
      const pinned = await put(`${schedulePath()}/assignments`, {
        version,
        set: [
          { userId: people.colleague.id, date: '2026-12-07', shiftTypeId: ward.late },
          { userId: people.colleague.id, date: '2026-12-08', shiftTypeId: ward.late },
          { userId: people.manager.id, date: '2026-12-09', shiftTypeId: ward.early, pinned: false },
        ],
      });
      expect(pinned.status).toBe(200);

      expect((await people.manager.client.post(solvePath(), { timeLimitSeconds: 1 })).status).toBe(202);
      expect((await waitForSolveEnd(people.manager.client, ward.scheduleId)).status).toBe('done');

      const cells: { userId: number; date: string; shiftTypeId: number; pinned: boolean }[] = (await people.manager.client.get(schedulePath())).body.assignments;
      const at = (userId: number, date: string) => cells.find((cell) => cell.userId === userId && cell.date === date);
      expect(at(people.colleague.id, '2026-12-07')).toMatchObject({ shiftTypeId: ward.late, pinned: true });
      expect(at(people.colleague.id, '2026-12-08')).toMatchObject({ shiftTypeId: ward.late, pinned: true });
      for (const date of ['2026-12-08', '2026-12-09', '2026-12-10']) expect(at(people.employee.id, date)).toBeUndefined();
      // The unpinned cell was the solver's to change: whatever it holds now is unpinned.
      expect(at(people.manager.id, '2026-12-09')?.pinned ?? false).toBe(false);
    });

    it('answers 404 schedule_not_found for another ward\'s schedule and 403 forbidden to an employee', async () => {
      for (const route of Object.values(SOLVE)) {
        for (const face of FACES) {
          const foreign = await callRoute(people.otherManager.client, face, route, { id: ward.scheduleId });
          expect([route.procedure, foreign.status, foreign.code]).toEqual([route.procedure, 404, 'schedule_not_found']);
          const employee = await callRoute(people.employee.client, face, route, { id: ward.scheduleId });
          expect([route.procedure, employee.status, employee.code]).toEqual([route.procedure, 403, 'forbidden']);
        }
      }
      expect((await people.manager.client.get(solvePath())).status).toBe(404);
    });

    it('refuses a time limit outside 1..600 whole seconds, and queues nothing', async () => {
      for (const timeLimitSeconds of [0, 601, 1.5, '30', null]) {
        const answer = await people.manager.client.post(solvePath(), { timeLimitSeconds });
        expect([timeLimitSeconds, answer.status, answer.body.code]).toEqual([timeLimitSeconds, 400, 'invalid_input']);
      }
      expect((await people.manager.client.get(solvePath())).status).toBe(404);
    });

    it('takes 30 seconds when no time limit is given', async () => {
      const started = await people.manager.client.post(solvePath(), {});
      expect(started.status).toBe(202);
      expect(started.body.job.timeLimitSeconds).toBe(30);
      expect((await people.manager.client.delete(solvePath())).status).toBe(200);
      expect(['cancelled', 'done']).toContain((await waitForSolveEnd(people.manager.client, ward.scheduleId)).status);
    });
  });

  describe('while a solve runs', () => {
    beforeEach(() => setUp({ unprovable: true }));

    it('admits one solve per schedule: of two parallel starts one is queued, the other 409 solve_in_progress', async () => {
      const answers = await Promise.all([1, 2].map(() => people.manager.client.post(solvePath(), { timeLimitSeconds: 600 })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('solve_in_progress');
      const again = await callRoute(people.manager.client, 'trpc', SOLVE.start, { id: ward.scheduleId, timeLimitSeconds: 5 });
      expect(again.code).toBe('solve_in_progress');
      expect((await people.manager.client.delete(solvePath())).status).toBe(200);
      await waitForSolveEnd(people.manager.client, ward.scheduleId);
    });

    it('refuses assignment and carry-in edits with 409 solve_in_progress, and accepts them again once it is over', async () => {
      await startLongSolve();
      const version = (await people.manager.client.get(schedulePath())).body.schedule.version;
      const cell = { userId: people.employee.id, date: '2026-12-07', shiftTypeId: ward.early };
      const assignments = await put(`${schedulePath()}/assignments`, { version, set: [cell] });
      expect([assignments.status, assignments.body.code]).toEqual([409, 'solve_in_progress']);
      const carryIn = await put(`${schedulePath()}/carry-in`, { version, carryIn: [] });
      expect([carryIn.status, carryIn.body.code]).toEqual([409, 'solve_in_progress']);
      expect((await people.manager.client.get(schedulePath())).body.schedule.version).toBe(version);

      expect((await people.manager.client.delete(solvePath())).status).toBe(200);
      await waitForSolveEnd(people.manager.client, ward.scheduleId);
      const now = (await people.manager.client.get(schedulePath())).body.schedule.version;
      expect((await put(`${schedulePath()}/assignments`, { version: now, set: [cell] })).status).toBe(200);
    });

    it.each(FACES)('stops on DELETE and keeps the best roster so far (%s)', async (face) => {
      const running = await startLongSolve();
      const version = (await people.manager.client.get(schedulePath())).body.schedule.version;
      const stopped = await callRoute(people.manager.client, face, SOLVE.stop, { id: ward.scheduleId });
      expect(stopped.status).toBe(200);
      expect(stopped.body).toEqual({ ok: true });

      const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
      expect(job).toMatchObject({ id: running.id, status: 'cancelled' });
      expect(job.best).not.toBeNull();
      expect(job.finishedAt).not.toBeNull();
      const after = (await people.manager.client.get(schedulePath())).body;
      expect(after.schedule.version).toBe(version + 1);
      expect(after.schedule.score).toEqual(job.best);
      expect(after.assignments.length).toBeGreaterThan(0);

      // Stopping what is over changes nothing; a new solve may start.
      expect((await people.manager.client.delete(solvePath())).status).toBe(200);
      expect((await people.manager.client.get(solvePath())).body.job).toEqual(job);
      const next = await people.manager.client.post(solvePath(), { timeLimitSeconds: 1 });
      expect(next.status).toBe(202);
      expect(next.body.job.id).not.toBe(job.id);
      expect((await waitForSolveEnd(people.manager.client, ward.scheduleId)).status).toBe('done');
    });
  });

  describe('a roster with a certificate (docs/rota.md §12)', () => {
    it('ends a 60-second solve as soon as its roster is proven optimal: done, bound equal to the soft score, gap 0', async () => {
      // Three nurses, each shift wanted by three every day: whoever works, three of the six wanted are missing each day,
      // 7 × 3 × 30 = 630, and the bound proves no roster does better.
      await setUp({ optimal: 3 });
      const started = await people.manager.client.post(solvePath(), { timeLimitSeconds: 60 });
      expect(started.status).toBe(202);
      expect(started.body.job).toMatchObject({ bound: null, gap: null });

      const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
      expect(job).toMatchObject({ status: 'done', best: { hard: 0, soft: 630 }, bound: 630, gap: 0 });
      // Long before its limit, by the job's own times.
      expect(Date.parse(job.finishedAt) - Date.parse(job.startedAt)).toBeLessThan(60_000);
      expect(job.progress.at(-1)).toMatchObject({ hard: 0, soft: 630, bound: 630, gap: 0 });
      for (const point of job.progress) {
        if (point.bound === null) expect(point.gap).toBeNull();
        else expect(point.gap).toBeCloseTo((point.soft - point.bound) / point.soft, 12);
      }
      const evaluation = await people.manager.client.get(`${schedulePath()}/evaluation`);
      expect(evaluation.body.score).toEqual({ hard: 0, soft: 630 });
    });

    it('shows the bound and the gap while a solve that cannot prove its roster runs, and keeps them on the job it stops', async () => {
      // Nobody may work the inactive shift type the ward still wants, which the bound counts as a manual edit could
      // fill: every roster pays 7 × 30 = 210, the bound stays at 0 and the gap at 1.
      await setUp({ unprovable: true });
      await startLongSolve();
      const running = await waitForSolve(people.manager.client, ward.scheduleId, (job) => job.bound !== null && job.best?.soft === 210);
      expect(running).toMatchObject({ status: 'running', bound: 0, gap: 1 });
      expect(running.progress.some((point: { bound: number | null; gap: number | null }) => point.bound === 0 && point.gap === 1)).toBe(true);
      expect((await people.manager.client.delete(solvePath())).status).toBe(200);
      const job = await waitForSolveEnd(people.manager.client, ward.scheduleId);
      expect(job).toMatchObject({ status: 'cancelled', best: { hard: 0, soft: 210 }, bound: 0, gap: 1 });
    });
  });

  describe('the solver in threads', () => {
    const threadModule = () => compiledThreadModule(build.dir);

    /** n005w4 with 15 cells pinned as a roster without hard violation has them, so such a roster exists. */
    function pinnedN005w4(): SolveInput {
      const problem = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3').problem;
      const start = solve({ problem, initial: emptyRoster(problem) }, { now: () => 0, deadline: 1, seed: 1, maxMoves: 20_000 });
      expect(start.score.hard).toBe(0);
      const random = seededRandom(11);
      const pinned = new Uint8Array(problem.staff.length * problem.days);
      for (let i = 0; i < 15; i++) pinned[random.int(pinned.length)] = 1;
      const initial = emptyRoster(problem);
      for (let cell = 0; cell < pinned.length; cell++) {
        if (!pinned[cell]) continue;
        initial.shift[cell] = start.roster.shift[cell]!;
        initial.skill[cell] = start.roster.skill[cell]!;
      }
      return { problem, initial, pinned };
    }

    it('runs one search per thread, reports the best of them as it falls and answers the best roster, pins kept', async () => {
      const { solveInThread } = await threadModule();
      const input = pinnedN005w4();
      const reports: SolveProgress[] = [];
      const result = await solveInThread(input, { timeLimitMs: 120_000, seed: 2, maxMoves: 30_000, threads: 2, onProgress: (report) => reports.push(report) });
      expect(result.stoppedBy).toBe('moves');
      expect(result.moves).toBe(60_000);
      expect(result.score.hard).toBe(0);
      expect(evaluate(input.problem, result.roster).score).toEqual(result.score);
      for (let cell = 0; cell < input.pinned!.length; cell++) {
        if (!input.pinned![cell]) continue;
        expect([cell, result.roster.shift[cell], result.roster.skill[cell]]).toEqual([cell, input.initial.shift[cell], input.initial.skill[cell]]);
      }
      for (let i = 1; i < reports.length; i++) expect(compareScores(reports[i]!, reports[i - 1]!)).toBeLessThan(0);
      expect(compareScores(reports.at(-1)!, result.score)).toBe(0);
    });

    it('runs its search threads and its bound thread at nice 10, below the event loop that serves the API, one thread per core', async () => {
      const { solveInThread } = await threadModule();
      // Thirty nurses: the bound thread takes seconds to settle, so it is there to be seen, and time is left after it.
      const problem = readInrc2Instance(N030W4, 'n030w4_1_6-2-9-1').problem;
      const input = { problem, initial: emptyRoster(problem) };
      const stop = new AbortController();
      /** This process's threads at nice 10 (Linux: field 19 of /proc/self/task/<tid>/stat), by thread id. */
      const lowered = () =>
        readdirSync('/proc/self/task').flatMap((tid) => {
          try {
            const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === 10 ? [tid] : [];
          } catch {
            return [];
          }
        });
      // Threads of earlier solves in this file may still be ending: wait for them, at most 5 s.
      for (let waited = 0; lowered().length > 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      const before = lowered();
      // 120 s: the bound's thread branches for at most a tenth of it once settled, and then ends, however slow the
      // machine (its threads at nice 10 wait for any other process at nice 0).
      const solving = solveInThread(input, {
        timeLimitMs: 120_000,
        seed: 4,
        threads: 2,
        bound: true,
        signal: stop.signal,
      });
      // Each thread lowers its own priority as it starts. Two threads take two cores: one search and the bound's
      // thread, then, once the bound's thread has ended, a second search in its place.
      const seen = new Set<string>();
      let most = 0;
      for (let waited = 0; seen.size < 3 && waited < 100_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const now = lowered();
        for (const tid of now) seen.add(tid);
        most = Math.max(most, now.length);
      }
      stop.abort();
      const result = await solving;
      expect(before).toEqual([]);
      expect(seen.size).toBe(3);
      expect(most).toBe(2);
      expect(result.bound).toBeGreaterThan(0);
      // The process itself, and so the event loop, keeps its priority.
      expect(getPriority()).toBe(0);
    }, 150_000);

    it('stops every thread when aborted and answers the best so far', async () => {
      const { solveInThread } = await threadModule();
      const input = pinnedN005w4();
      const stop = new AbortController();
      const result = await solveInThread(input, {
        timeLimitMs: 600_000,
        seed: 3,
        threads: 2,
        signal: stop.signal,
        onProgress: (report) => {
          if (report.hard === 0) stop.abort();
        },
      });
      expect(result.stoppedBy).toBe('aborted');
      expect(result.score.hard).toBe(0);
      expect(evaluate(input.problem, result.roster).score).toEqual(result.score);
    });
  });
});
