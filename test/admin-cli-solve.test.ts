import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { progressLine, watchJob, type WatchedJob } from '../scripts/solve-progress.js';
import { runAdmin } from './support/admin-cli.js';
import { compiledProject } from './support/build.js';
import { setUpInstallation } from './support/fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import type { SolverRunner } from '../server/services/rota/solve/run-solve-job.js';
import { setUpSolveWard } from './support/solve-ward.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const STARTED = '2026-11-22T08:00:00.000Z';

function job(fields: Partial<WatchedJob>): WatchedJob {
  return { id: 7, status: 'running', timeLimitSeconds: 30, startedAt: STARTED, finishedAt: null, best: null, progress: [], ...fields };
}

describe('the solve progress display', () => {
  const at = (seconds: number) => Date.parse(STARTED) + seconds * 1000;

  it('shows elapsed of the limit, the best score and the gap once it is known', () => {
    expect(progressLine(job({ status: 'queued', startedAt: null }), at(0))).toBe('solve 7 queued  no roster yet');
    expect(progressLine(job({ best: { hard: 2, soft: 12345 } }), at(14))).toBe('solve 7 running  14.0/30 s  best hard 2 soft 12,345');
    expect(progressLine(job({ best: { hard: 0, soft: 980 }, gap: 0.032 }), at(20), 'repair')).toBe('repair 7 running  20.0/30 s  best hard 0 soft 980  gap 3.20 %');
    // A clock ahead of the service's never shows more than the limit.
    expect(progressLine(job({}), at(45))).toContain('30.0/30 s');
  });

  it('rewrites one line in place on a terminal, then prints the summary', async () => {
    const reads = [
      job({ status: 'queued', startedAt: null }),
      job({ best: { hard: 1, soft: 500 } }),
      job({ best: { hard: 0, soft: 400 } }),
      job({ status: 'done', finishedAt: '2026-11-22T08:00:03.000Z', best: { hard: 0, soft: 400 }, progress: [{ elapsedMs: 500, hard: 1, soft: 500, bound: null, gap: null }, { elapsedMs: 2000, hard: 0, soft: 400, bound: 380, gap: 0.05 }] }),
    ];
    let written = '';
    const ended = await watchJob(async () => reads.shift()!, { json: false, out: { isTTY: true, write: (text: string) => (written += text) }, intervalMs: 1, now: () => Date.parse(STARTED) + 2000 });
    expect(ended.status).toBe('done');
    expect(written.split('\r').filter(Boolean)).toHaveLength(4);
    expect(written).toContain('\rsolve 7 running  2.0/30 s  best hard 0 soft 400\x1b[K');
    expect(written).toMatch(/\nsolve 7 done after 3\.0 s of 30: hard 0, soft 400\n  improved 2 times, from hard 1 soft 500 at 0\.5 s\n$/);
  });
});

/**
 * A stand-in for the solver that improves every 300 ms until its time limit or a stop: the command's display is what
 * these tests are about, and a real solver may prove a small ward optimal and end before a progress line is seen.
 */
function pacedSolver(): SolverRunner {
  return async (input, options) => {
    const roster = { shift: new Int16Array(input.initial.shift.length).fill(0), skill: new Int16Array(input.initial.skill.length).fill(0) };
    const started = Date.now();
    let score = { hard: 3, soft: 1000 };
    while (Date.now() - started < options.timeLimitMs && !options.signal?.aborted) {
      options.onProgress?.({ elapsedMs: Date.now() - started, moves: 1, ...score });
      score = { hard: Math.max(0, score.hard - 1), soft: score.soft - 25 };
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { roster, score, moves: 1, stoppedBy: options.signal?.aborted ? 'aborted' : 'deadline', firstFeasibleMs: null };
  };
}

describe('npm run admin -- solve', () => {
  let build: { dir: string };
  let solving: TestServer;
  let people: RotaPeople;
  let scheduleId: number;

  beforeAll(async () => {
    build = await compiledProject();
    solving = await startTestServer({ jobs: { runSolver: pacedSolver() } });
    people = await setUpRotaPeople(solving, await setUpInstallation(solving));
    scheduleId = (await setUpSolveWard(solving, people.manager.client, people.wardId, [people.manager.id, people.employee.id, people.colleague.id], { optimal: 3 })).scheduleId;
  }, 180_000);
  afterAll(async () => {
    await solving?.close();
  });

  it('shows progress lines while the solve runs, then its summary', async () => {
    const result = await runAdmin(build.dir, solving.url, ['solve', String(scheduleId), '--time-limit', '4']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    // Not a terminal: a line each time what it shows changes, none rewritten.
    expect(result.stdout).not.toContain('\r');
    const lines = result.stdout.trim().split('\n');
    expect(lines.some((line) => /^solve \d+ running {2}\d+\.\d\/4 s {2}best hard \d+ soft [\d,]+( {2}gap [\d.]+ %)?$/.test(line))).toBe(true);
    expect(result.stdout).toMatch(/^solve \d+ done after \d+\.\d s of 4: hard 0, soft [\d,]+(, gap [\d.]+ %)?$/m);
    expect(result.stdout).toMatch(/^  improved \d+ times?, from hard \d+ soft [\d,]+ at \d+\.\d s$/m);
  }, 60_000);

  it('writes one JSON object per line with --json, the result last', async () => {
    const result = await runAdmin(build.dir, solving.url, ['solve', String(scheduleId), '--time-limit', '1', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const events = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.slice(0, -1).every((event) => event.event === 'progress')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'result', status: 'done', timeLimitSeconds: 1, best: { hard: 0 } });
    // The gap once the solve has a lower bound (docs/rota.md §12), else null.
    expect(events.at(-1).gap === null || (events.at(-1).gap >= 0 && events.at(-1).gap <= 1)).toBe(true);
  }, 60_000);

  it('fails with the job when it does not end done, and refuses a second solve while one runs', async () => {
    const started = runAdmin(build.dir, solving.url, ['solve', String(scheduleId), '--time-limit', '60']);
    for (let waited = 0; waited < 20_000; waited += 200) {
      const answer = await people.manager.client.get(`/api/rota/schedules/${scheduleId}/solve`);
      if (answer.body?.job?.status === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await runAdmin(build.dir, solving.url, ['solve', String(scheduleId)])).stderr).toMatch(/^admin: solve_in_progress: /);
    expect((await runAdmin(build.dir, solving.url, ['solve:stop', String(scheduleId)])).stdout).toContain(`solve of schedule ${scheduleId} told to stop`);
    const result = await started;
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^solve \d+ cancelled after/m);
    expect(result.stderr).toMatch(/^admin: solve \d+ of schedule \d+ ended cancelled$/m);
  }, 90_000);
});
