import { beforeEach, describe, expect, it } from '@jest/globals';
import { systemClock } from '../server/clock.js';
import { User } from '../server/db/entities/user.js';
import type { Roster } from '../server/rota/problem.js';
import type { SolveInput, SolveResult } from '../server/rota/solver/solve.js';
import { runSolveJob, type SolverRunner } from '../server/services/rota/solve/run-solve-job.js';
import { startSolve } from '../server/services/rota/solve/start-solve.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { setUpSolveWard, type SolveWard } from './support/solve-ward.js';
import { useFreshInstallation } from './support/suite.js';

/**
 * The rules change while a solve runs (docs/rota.md §8): its roster, made under the rules of its start, is
 * written back under the rules of its end. A stand-in solver answers a fixed roster, and the change is made
 * over HTTP while it "searches".
 */
describe('a solve whose rules change while it runs', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let ward: SolveWard;

  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    ward = await setUpSolveWard(server, people.manager.client, people.wardId, [people.manager.id, people.employee.id, people.colleague.id]);
  });

  const schedulePath = () => `/api/rota/schedules/${ward.scheduleId}`;

  async function queueSolve(): Promise<number> {
    const em = server.em();
    const actor = await em.findOneOrFail(User, people.manager.id);
    const job = await startSolve(
      em,
      { id: ward.scheduleId, wardId: people.wardId, timeLimitSeconds: 5 },
      { now: new Date(), actor, client: { ip: null, userAgent: null }, config: server.config },
      { send: async () => 'message-1' },
    );
    return job.id;
  }

  /** Person 0 early, 1 late, 2 early every day, and `during` run while it "searches". */
  function fixedRoster(during: () => Promise<void>): SolverRunner {
    return async (input: SolveInput): Promise<SolveResult> => {
      const shift = new Int16Array(input.initial.shift.length);
      const days = input.problem.days;
      for (let cell = 0; cell < shift.length; cell++) shift[cell] = Math.floor(cell / days) === 1 ? 1 : 0;
      const roster: Roster = { shift, skill: new Int16Array(shift.length).fill(0) };
      await during();
      return { roster, score: { hard: 0, soft: 0 }, moves: 1, stoppedBy: 'deadline', firstFeasibleMs: null };
    };
  }

  async function solveWhile(change: () => Promise<void>): Promise<void> {
    const id = await queueSolve();
    expect(await runSolveJob({ orm: server.orm, clock: systemClock, runSolver: fixedRoster(change) }, { solveJobId: id })).toBe('done');
  }

  const cellsOf = async () =>
    server.em().execute<{ user_id: number; shift_type_id: number }[]>('select user_id, shift_type_id from assignment where schedule_id = ? order by user_id, date', [ward.scheduleId]);
  const countBy = (cells: { user_id: number; shift_type_id: number }[], key: 'user_id' | 'shift_type_id', value: number) => cells.filter((cell) => cell[key] === value).length;

  it('writes no shift for someone deactivated mid-solve, and the rest of the roster', async () => {
    await solveWhile(async () => {
      expect((await people.manager.client.post(`/api/employees/${people.employee.id}/deactivate`, {})).status).toBe(200);
    });
    const cells = await cellsOf();
    expect(countBy(cells, 'user_id', people.employee.id)).toBe(0);
    expect(countBy(cells, 'user_id', people.manager.id)).toBe(7);
    expect(countBy(cells, 'user_id', people.colleague.id)).toBe(7);
  });

  it('writes no shift for someone whose profile was removed mid-solve', async () => {
    await solveWhile(async () => {
      expect((await people.manager.client.delete(`/api/rota/staff/${people.colleague.id}`)).status).toBe(200);
    });
    const cells = await cellsOf();
    expect(countBy(cells, 'user_id', people.colleague.id)).toBe(0);
    expect(cells).toHaveLength(14);
  });

  it('writes no shift of a shift type deactivated mid-solve', async () => {
    await solveWhile(async () => {
      expect((await people.manager.client.request('PATCH', `/api/rota/shift-types/${ward.late}`, { body: { active: false } })).status).toBe(200);
    });
    const cells = await cellsOf();
    expect(countBy(cells, 'shift_type_id', ward.late)).toBe(0);
    expect(countBy(cells, 'shift_type_id', ward.early)).toBe(14);
  });

  it('writes no shift needing a skill the person lost mid-solve', async () => {
    await solveWhile(async () => {
      expect((await people.manager.client.request('PUT', `/api/rota/staff/${people.manager.id}`, { body: { skills: ['triage'], contractId: null } })).status).toBe(200);
    });
    const cells = await cellsOf();
    expect(countBy(cells, 'user_id', people.manager.id)).toBe(0);
    expect(cells).toHaveLength(14);
  });

  it('flags in the evaluation, as hard violations, the cells of someone no longer rostered and of an inactive shift type', async () => {
    const { version } = (await people.manager.client.get(schedulePath())).body.schedule;
    const set = [
      { userId: people.employee.id, date: '2026-12-07', shiftTypeId: ward.early },
      { userId: people.colleague.id, date: '2026-12-08', shiftTypeId: ward.late },
    ];
    expect((await people.manager.client.request('PUT', `${schedulePath()}/assignments`, { body: { version, set } })).status).toBe(200);
    const before = (await people.manager.client.get(`${schedulePath()}/evaluation`)).body;
    expect((await people.manager.client.post(`/api/employees/${people.employee.id}/deactivate`, {})).status).toBe(200);
    expect((await people.manager.client.request('PATCH', `/api/rota/shift-types/${ward.late}`, { body: { active: false } })).status).toBe(200);

    const after = (await people.manager.client.get(`${schedulePath()}/evaluation`)).body;
    expect(after.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ constraint: 'missing_skill', severity: 'hard', userId: people.employee.id, date: '2026-12-07' }),
        expect.objectContaining({ constraint: 'inactive_shift_type', severity: 'hard', userId: people.colleague.id, date: '2026-12-08', shiftTypeId: ward.late }),
      ]),
    );
    expect(after.score.hard).toBe(before.score.hard + 2);
    // The list and the schedule's own score say the same.
    expect((await people.manager.client.get(schedulePath())).body.schedule.score).toEqual(after.score);
    const published = await people.manager.client.post(`${schedulePath()}/publish`, {});
    expect([published.status, published.body.code]).toEqual([409, 'schedule_infeasible']);
  });

  it('refuses to publish while a solve is queued with 409 solve_in_progress, and publishes once it is stopped', async () => {
    await queueSolve();
    for (const face of ['rest', 'trpc'] as const) {
      const answer =
        face === 'rest'
          ? await people.manager.client.post(`${schedulePath()}/publish`, { acceptViolations: true })
          : await people.manager.client.post('/trpc/rota.schedules.publish', { id: ward.scheduleId, acceptViolations: true });
      expect(answer.status).toBe(409);
      expect(JSON.stringify(answer.body)).toContain('solve_in_progress');
    }
    expect((await people.manager.client.get(schedulePath())).body.schedule.status).toBe('draft');
    expect((await people.manager.client.delete(`${schedulePath()}/solve`)).status).toBe(200);
    expect((await people.manager.client.post(`${schedulePath()}/publish`, { acceptViolations: true })).status).toBe(200);
  });
});
