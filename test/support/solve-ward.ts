import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { SolverRunner } from '../../server/services/rota/solve/run-solve-job.js';
import type { TestClient } from './client.js';
import type { TestServer } from './test-server.js';

type ThreadModule = typeof import('../../server/rota/solver/thread.js');

/** The compiled solver's thread module from a build (jest cannot start the worker thread from the sources). */
export async function compiledThreadModule(buildDir: string): Promise<ThreadModule> {
  return (await import(pathToFileURL(join(buildDir, 'server/rota/solver/thread.js')).href)) as ThreadModule;
}

/** The compiled solver's runner from a build, with `threads` threads. */
export async function compiledSolver(buildDir: string, threads = 1): Promise<SolverRunner> {
  const thread = await compiledThreadModule(buildDir);
  return (input, options) => thread.solveInThread(input, { threads, ...options });
}

export interface SolveWard {
  early: number;
  late: number;
  scheduleId: number;
}

export interface SolveWardOptions {
  /** Staff wanted on each shift beyond the one required; more than the staff can give leaves a soft penalty no roster avoids. */
  optimal?: number;
  /**
   * An inactive shift type still wanted once a day: the solver may not assign it, so no roster avoids its penalty, while
   * the lower bound (which counts every shift type, as a manual edit may hold one) stays below: the solve cannot prove
   * its roster optimal, and runs to its limit.
   */
  unprovable?: boolean;
}

/**
 * A small ward written straight to the database (the staff and coverage routes belong to other work): two
 * shift types, the given people as nurses, one nurse required on each shift every day, and a 7-day draft
 * schedule created over HTTP by `manager` from 2026-12-07 (a Monday).
 */
export async function setUpSolveWard(server: TestServer, manager: TestClient, wardId: number, userIds: number[], options: SolveWardOptions = {}): Promise<SolveWard> {
  const em = server.em();
  const now = server.clock.now();
  // One after the other: the problem orders shift types by id, and the tests name index 0 the early shift.
  const ids: number[] = [];
  for (const [code, start, end] of [
    ['E', 7 * 60, 15 * 60],
    ['L', 15 * 60, 23 * 60],
  ] as const) {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into shift_type (ward_id, code, code_key, name, start_minute, end_minute, min_consecutive, max_consecutive, active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 1, 7, true, ?, ?) returning id`,
      [wardId, code, code.toLowerCase(), `Shift ${code}`, start, end, now, now],
    );
    ids.push(row!.id);
  }
  const [early, late] = ids;
  if (options.unprovable) {
    const [retired] = await em.execute<{ id: number }[]>(
      `insert into shift_type (ward_id, code, code_key, name, start_minute, end_minute, min_consecutive, max_consecutive, active, created_at, updated_at)
       values (?, 'X', 'x', 'Shift X', 480, 720, 1, 7, false, ?, ?) returning id`,
      [wardId, now, now],
    );
    for (let weekday = 0; weekday < 7; weekday++) {
      await em.execute(`insert into coverage_requirement (ward_id, shift_type_id, skill, weekday, date, minimum, optimal) values (?, ?, 'nurse', ?, null, 0, 1)`, [
        wardId,
        retired!.id,
        weekday,
      ]);
    }
  }
  for (const userId of userIds) {
    await em.execute(`insert into staff_profile (user_id, skills, contract_id, created_at, updated_at) values (?, '["nurse"]'::jsonb, null, ?, ?)`, [userId, now, now]);
  }
  for (const shiftTypeId of [early!, late!]) {
    for (let weekday = 0; weekday < 7; weekday++) {
      await em.execute(`insert into coverage_requirement (ward_id, shift_type_id, skill, weekday, date, minimum, optimal) values (?, ?, 'nurse', ?, null, 1, ?)`, [
        wardId,
        shiftTypeId,
        weekday,
        options.optimal ?? 1,
      ]);
    }
  }
  const created = await manager.post('/api/rota/schedules', { startDate: '2026-12-07', endDate: '2026-12-13' });
  if (created.status !== 201) throw new Error(`schedule not created: ${created.status} ${created.text}`);
  return { early: early!, late: late!, scheduleId: created.body.schedule.id };
}

/** An approved leave, as the requests workflow would leave it. */
export async function insertApprovedLeave(server: TestServer, wardId: number, userId: number, from: string, to: string): Promise<void> {
  const now = server.clock.now();
  await server
    .em()
    .execute(
      `insert into rota_request (ward_id, user_id, kind, date, end_date, shift_type_id, note, status, created_at, updated_at) values (?, ?, 'leave', ?, ?, null, null, 'approved', ?, ?)`,
      [wardId, userId, from, to, now, now],
    );
}

/** Reads the schedule's solve until it is over (done, failed or cancelled), or fails after `limitMs`. */
export async function waitForSolveEnd(client: TestClient, scheduleId: number, limitMs = 90_000): Promise<any> {
  return waitForSolve(client, scheduleId, (job) => ['done', 'failed', 'cancelled'].includes(job.status), limitMs);
}

export async function waitForSolve(client: TestClient, scheduleId: number, until: (job: any) => boolean, limitMs = 90_000): Promise<any> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const answer = await client.get(`/api/rota/schedules/${scheduleId}/solve`);
    if (answer.status === 200 && until(answer.body.job)) return answer.body.job;
    if (Date.now() > deadline) throw new Error(`the solve did not get there in time: ${answer.status} ${answer.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
