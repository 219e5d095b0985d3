import { describe, expect, it } from '@jest/globals';
import type { SolverRunner } from '../server/services/rota/solve/run-solve-job.js';
import { setUpRotaPeople } from './support/rota-api.js';
import { setUpSolveWard, waitForSolveEnd } from './support/solve-ward.js';
import { useFreshInstallation } from './support/suite.js';

/** A stand-in for the solver thread: a second of "search", then the roster it was given. */
const aSecond: SolverRunner = async (input, options) => {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { roster: input.initial, score: { hard: 0, soft: 0 }, moves: 0, stoppedBy: options.signal?.aborted ? 'aborted' : 'deadline', firstFeasibleMs: null };
};

describe('solves of several wards on one worker', () => {
  const { server, installation } = useFreshInstallation({ env: { WORKER_CONCURRENCY: '1', JOB_MONITOR_SECONDS: '1' }, jobs: { runSolver: aSecond } });

  it("takes another ward's first solve after at most one of a ward that queued four", async () => {
    const people = await setUpRotaPeople(server, installation);
    const ward = await setUpSolveWard(server, people.manager.client, people.wardId, [people.manager.id, people.employee.id]);
    const schedules = [ward.scheduleId];
    for (const startDate of ['2027-01-04', '2027-02-01', '2027-03-01']) {
      const created = await people.manager.client.post('/api/rota/schedules', { startDate, endDate: startDate.replace(/-\d\d$/, '-14') });
      expect(created.status).toBe(201);
      schedules.push(created.body.schedule.id);
    }
    const other = await people.otherManager.client.post('/api/rota/schedules', { startDate: '2026-12-07', endDate: '2026-12-13' });
    expect(other.status).toBe(201);

    for (const id of schedules) expect((await people.manager.client.post(`/api/rota/schedules/${id}/solve`, { timeLimitSeconds: 1 })).status).toBe(202);
    expect((await people.otherManager.client.post(`/api/rota/schedules/${other.body.schedule.id}/solve`, { timeLimitSeconds: 1 })).status).toBe(202);

    const ended = await Promise.all(schedules.map((id) => waitForSolveEnd(people.manager.client, id, 60_000)));
    const otherEnded = await waitForSolveEnd(people.otherManager.client, other.body.schedule.id, 60_000);
    expect([...ended, otherEnded].map((job) => job.status)).toEqual(Array(5).fill('done'));
    // The other ward's solve ran second at the latest, not fifth behind the whole first ward.
    const firstWardBefore = ended.filter((job) => job.finishedAt < otherEnded.finishedAt);
    expect(firstWardBefore.length).toBeLessThanOrEqual(1);
  }, 120_000);
});
