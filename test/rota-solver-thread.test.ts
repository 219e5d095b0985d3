import { beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { evaluate } from '../server/rota/evaluate.js';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { emptyRoster } from '../server/rota/problem.js';
import type { SolveProgress } from '../server/rota/solver/solve.js';
import { sharedBestBytes, sharedBestOn, sharedPlanBytes, sharedPlanOn } from '../server/rota/solver/thread-protocol.js';
import { compiledProject } from './support/build.js';

type ThreadModule = typeof import('../server/rota/solver/thread.js');

const N005W4 = fileURLToPath(new URL('../data/inrc2/n005w4', import.meta.url));

// The worker thread runs the compiled solver (jest's own module loader does not reach into worker threads),
// so these tests build the project first, as a job worker would run it from dist/.
describe('the solver in a worker thread', () => {
  let build: { dir: string };
  let thread: ThreadModule;

  beforeAll(async () => {
    build = await compiledProject();
    thread = (await import(pathToFileURL(join(build.dir, 'server/rota/solver/thread.js')).href)) as ThreadModule;
  });

  it('solves n005w4 off the event loop, reporting progress, and answers a roster the evaluator agrees with', async () => {
    const { problem } = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3');
    const progress: SolveProgress[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const result = await thread.solveInThread(
      { problem, initial: emptyRoster(problem) },
      { timeLimitMs: 60_000, seed: 4, maxMoves: 400_000, onProgress: (report) => progress.push(report) },
    );
    clearInterval(timer);
    expect(result.stoppedBy).toBe('moves');
    expect(result.score.hard).toBe(0);
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject(result.score);
    // The event loop kept turning while the thread worked.
    expect(ticks).toBeGreaterThan(1);
  });

  it('stops when its signal aborts and keeps the best roster so far', async () => {
    const { problem } = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3');
    const controller = new AbortController();
    const progress: SolveProgress[] = [];
    const result = await thread.solveInThread(
      { problem, initial: emptyRoster(problem) },
      {
        timeLimitMs: 600_000,
        seed: 5,
        signal: controller.signal,
        onProgress: (report) => {
          progress.push(report);
          controller.abort();
        },
      },
    );
    expect(result.stoppedBy).toBe('aborted');
    expect(evaluate(problem, result.roster).score).toEqual(result.score);
    expect(progress.at(-1)).toMatchObject(result.score);
  });

  it('shares a plan between threads through one buffer: nothing before it is offered, then a copy of it for each taker', () => {
    const { problem } = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3');
    const cells = problem.staff.length * problem.days;
    const buffer = new SharedArrayBuffer(sharedPlanBytes(cells));
    const [planner, other] = [sharedPlanOn(buffer, cells), sharedPlanOn(buffer, cells)];
    expect(other.take()).toBeNull();
    const roster = emptyRoster(problem);
    roster.shift[3] = 2;
    roster.skill[3] = 1;
    roster.shift[cells - 1] = 0;
    roster.skill[cells - 1] = 0;
    planner.offer(roster);
    const taken = other.take()!;
    expect([[...taken.shift], [...taken.skill]]).toEqual([[...roster.shift], [...roster.skill]]);
    taken.shift[3] = 1;
    roster.shift[cells - 1] = 1;
    expect(other.take()!.shift[3]).toBe(2);
    expect(other.take()!.shift[cells - 1]).toBe(0);
  });

  it('keeps the best roster of several threads in one buffer: only a better one replaces it, and a copy is taken only by a search it beats', () => {
    const { problem } = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3');
    const cells = problem.staff.length * problem.days;
    const buffer = new SharedArrayBuffer(sharedBestBytes(cells));
    const [one, other] = [sharedBestOn(buffer, cells), sharedBestOn(buffer, cells)];
    expect(other.takeIfBetter({ hard: 99, soft: 99_999 })).toBeNull();
    const first = emptyRoster(problem);
    first.shift[3] = 2;
    first.skill[3] = 1;
    one.offer(first, { hard: 1, soft: 500 });
    const second = emptyRoster(problem);
    second.shift[cells - 1] = 0;
    second.skill[cells - 1] = 0;
    // Worse (more hard, however little soft) or equal: kept out.
    other.offer(second, { hard: 2, soft: 10 });
    other.offer(second, { hard: 1, soft: 500 });
    expect(other.takeIfBetter({ hard: 1, soft: 500 })).toBeNull();
    const taken = other.takeIfBetter({ hard: 1, soft: 501 })!;
    expect(taken.score).toEqual({ hard: 1, soft: 500 });
    expect([[...taken.roster.shift], [...taken.roster.skill]]).toEqual([[...first.shift], [...first.skill]]);
    taken.roster.shift[3] = 1;
    first.shift[3] = 1;
    expect(one.takeIfBetter({ hard: 5, soft: 0 })!.roster.shift[3]).toBe(2);
    // Better: it replaces the one there.
    other.offer(second, { hard: 0, soft: 900 });
    const best = one.takeIfBetter({ hard: 1, soft: 0 })!;
    expect(best.score).toEqual({ hard: 0, soft: 900 });
    expect([best.roster.shift[3], best.roster.shift[cells - 1]]).toEqual([second.shift[3], 0]);
  });

  it('rejects when the worker fails', async () => {
    const { problem } = readInrc2Instance(N005W4, 'n005w4_0_1-2-3-3');
    const broken = { ...problem, staff: problem.staff.map((person) => ({ ...person, leave: null as unknown as boolean[] })) };
    await expect(thread.solveInThread({ problem: broken, initial: emptyRoster(problem) }, { timeLimitMs: 1_000, seed: 1 })).rejects.toThrow();
  });
});
