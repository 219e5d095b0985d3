import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { SolverRunner } from '../server/services/rota/solve/run-solve-job.js';
import { runAdmin } from './support/admin-cli.js';
import { compiledProject } from './support/build.js';
import { setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { compiledSolver, insertApprovedLeave, setUpSolveWard, waitForSolveEnd, type SolveWard } from './support/solve-ward.js';
import { useFreshInstallation } from './support/suite.js';

/**
 * Repair of a published roster (docs/rota.md §11.2) on real PostgreSQL with the compiled solver: the mode's defaults
 * and refusals, a proposal that is never written until applied, and the apply's one winner.
 *
 * The ward (support/solve-ward.ts): 2026-12-07 (Monday) to 2026-12-13, one nurse needed on the early (E) and the late (L)
 * shift every day, runs of one shift type at most 2 days (each day over costs 15). Today is 2026-12-09 in Tehran.
 * The published roster: the manager on E and the employee on L every day, the colleague off: no hard violation, but
 * long runs. Then the employee is sick on 10 and 11 December.
 */
const TODAY = '2026-12-09';
const DAYS = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];

describe('repair of a published roster', () => {
  let build: { dir: string };
  let solver: SolverRunner;
  beforeAll(async () => {
    build = await compiledProject();
    solver = await compiledSolver(build.dir, 1);
  }, 120_000);

  const { server, installation } = useFreshInstallation({ clockAt: '2026-12-09T06:00:00Z', jobs: { runSolver: (input, options) => solver(input, options) } });
  let people: RotaPeople;
  let ward: SolveWard;
  const solvePath = () => `/api/rota/schedules/${ward.scheduleId}/solve`;
  const schedulePath = () => `/api/rota/schedules/${ward.scheduleId}`;
  const manager = () => people.manager.client;

  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    ward = await setUpSolveWard(server, manager(), people.wardId, [people.manager.id, people.employee.id, people.colleague.id]);
    await server.em().execute('update shift_type set max_consecutive = 2 where ward_id = ?', [people.wardId]);
  });

  async function version(): Promise<number> {
    return (await manager().get(schedulePath())).body.schedule.version;
  }

  /** The roster of the ward's story, unpinned (as a solve leaves it), then published. */
  async function publishRoster() {
    const set = DAYS.flatMap((date) => [
      { userId: people.manager.id, date, shiftTypeId: ward.early, pinned: false },
      { userId: people.employee.id, date, shiftTypeId: ward.late, pinned: false },
    ]);
    const edited = await manager().request('PUT', `${schedulePath()}/assignments`, { body: { version: await version(), set } });
    expect(edited.status).toBe(200);
    expect(edited.body.evaluation.score.hard).toBe(0);
    expect((await manager().post(`${schedulePath()}/publish`, {})).status).toBe(200);
  }

  async function cells(): Promise<string[]> {
    const rows = await server
      .em()
      .execute<{ user_id: number; date: string; shift_type_id: number; skill: string }[]>(
        'select user_id, date::text as date, shift_type_id, skill from assignment where schedule_id = ? order by user_id, date',
        [ward.scheduleId],
      );
    return rows.map((row) => `${row.user_id} ${row.date} ${row.shift_type_id} ${row.skill}`);
  }

  async function repair(body: object): Promise<any> {
    const started = await manager().post(solvePath(), { timeLimitSeconds: 1, ...body });
    expect(started.status).toBe(202);
    const job = await waitForSolveEnd(manager(), ward.scheduleId);
    expect(job.status).toBe('done');
    return job;
  }

  async function sickRepair(body: object = {}) {
    await publishRoster();
    await insertApprovedLeave(server, people.wardId, people.employee.id, '2026-12-10', '2026-12-11');
    const before = { cells: await cells(), version: await version() };
    const job = await repair(body);
    return { before, job };
  }

  describe('starting', () => {
    it('is a full solve of a draft by default, with no repair fields, and refuses repair fields on a full solve', async () => {
      const refused = await manager().post(solvePath(), { timeLimitSeconds: 1, changeWeight: 10 });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_input');
      const started = await manager().post(solvePath(), { timeLimitSeconds: 1 });
      expect(started.status).toBe(202);
      expect(started.body.job).toMatchObject({ mode: 'full', from: null, changeWeight: null, proposal: null, appliedAt: null });
      expect((await waitForSolveEnd(manager(), ward.scheduleId)).mode).toBe('full');
    });

    it('is a repair of a published schedule by default, from today with change weight 50; a full solve of it is 409 schedule_published', async () => {
      await publishRoster();
      const full = await manager().post(solvePath(), { timeLimitSeconds: 1, mode: 'full' });
      expect(full.status).toBe(409);
      expect(full.body.code).toBe('schedule_published');
      const started = await manager().post(solvePath(), { timeLimitSeconds: 1 });
      expect(started.status).toBe(202);
      expect(started.body.job).toMatchObject({ mode: 'repair', from: TODAY, changeWeight: 50, proposal: null });
      await waitForSolveEnd(manager(), ward.scheduleId);
    });

    it('refuses a `from` outside the period or before today with 400 invalid_input, and a schedule whose days are over with 409 schedule_past', async () => {
      await publishRoster();
      for (const from of ['2026-12-06', '2026-12-14', '2026-12-08']) {
        const answer = await manager().post(solvePath(), { timeLimitSeconds: 1, from });
        expect([from, answer.status, answer.body.code]).toEqual([from, 400, 'invalid_input']);
      }
      // A draft may be repaired from any day of its period.
      server.clock.set('2026-12-14T06:00:00Z');
      const past = await manager().post(solvePath(), { timeLimitSeconds: 1 });
      expect(past.status).toBe(409);
      expect(past.body.code).toBe('schedule_past');
      await expect(server.em().execute('select count(*)::int as n from solve_job where schedule_id = ?', [ward.scheduleId])).resolves.toEqual([{ n: 0 }]);
    });
  });

  describe('a sick call', () => {
    it('proposes changes with no hard violation, only from `from` on, without writing them', async () => {
      const { before, job } = await sickRepair();
      expect(job.mode).toBe('repair');
      const proposal = job.proposal;
      expect(proposal.baseVersion).toBe(before.version);
      expect(proposal.scoreBefore.hard).toBe(2);
      expect(proposal.scoreAfter.hard).toBe(0);
      expect(proposal.changes.length).toBeGreaterThan(0);
      expect(proposal.changes.every((change: { date: string }) => change.date >= TODAY)).toBe(true);
      // The sick days are cleared, and someone works the late shift on them.
      for (const date of ['2026-12-10', '2026-12-11']) {
        expect(proposal.changes).toContainEqual({ userId: people.employee.id, date, before: { shiftTypeId: ward.late, skill: 'nurse' }, after: null });
        expect(proposal.changes.some((change: any) => change.date === date && change.after?.shiftTypeId === ward.late)).toBe(true);
      }
      // Nothing written: the cells and the version are as they were.
      expect(await cells()).toEqual(before.cells);
      expect(await version()).toBe(before.version);
    });

    it('fills a hole no single change fills, by a chain of changes from today on', async () => {
      // No early shift the day after a late one. Published: the colleague on the early shift of the 11th, the manager on
      // every other early shift, the employee on every late one; then the employee is sick on the 10th. The colleague,
      // free that day, cannot take its late shift (her early one follows it), and the manager's early shift moved to the
      // late one leaves the early one empty: each single change trades the hole for another hard violation.
      await server.em().execute('insert into forbidden_succession (shift_type_id, next_id) values (?, ?)', [ward.late, ward.early]);
      const set = DAYS.flatMap((date) => [
        { userId: date === '2026-12-11' ? people.colleague.id : people.manager.id, date, shiftTypeId: ward.early, pinned: false },
        { userId: people.employee.id, date, shiftTypeId: ward.late, pinned: false },
      ]);
      const edited = await manager().request('PUT', `${schedulePath()}/assignments`, { body: { version: await version(), set } });
      expect(edited.body.evaluation.score.hard).toBe(0);
      expect((await manager().post(`${schedulePath()}/publish`, {})).status).toBe(200);
      await insertApprovedLeave(server, people.wardId, people.employee.id, '2026-12-10', '2026-12-10');
      const before = await cells();
      // Five seconds rather than one: the windows that plan such a chain take a share of the time, on a loaded machine too.
      const job = await repair({ timeLimitSeconds: 5 });
      const proposal = job.proposal;
      expect(proposal.scoreBefore.hard).toBe(1);
      expect(proposal.scoreAfter.hard).toBe(0);
      expect(proposal.changes.every((change: { date: string }) => change.date >= TODAY)).toBe(true);
      // The sick cell cleared, and at least two more changes.
      expect(proposal.changes).toContainEqual({ userId: people.employee.id, date: '2026-12-10', before: { shiftTypeId: ward.late, skill: 'nurse' }, after: null });
      expect(proposal.changes.length).toBeGreaterThanOrEqual(3);
      const applied = await manager().post(`${solvePath()}/apply`, { jobId: job.id });
      expect(applied.body.evaluation.score.hard).toBe(0);
      const after = await cells();
      expect(after.filter((cell) => cell.split(' ')[1]! < TODAY)).toEqual(before.filter((cell) => cell.split(' ')[1]! < TODAY));
    });

    it('changes fewer cells than a free re-plan of the same days (change weight 0)', async () => {
      const { job: careful } = await sickRepair();
      const free = await repair({ changeWeight: 0 });
      expect(free.proposal.scoreAfter.hard).toBe(0);
      expect(free.proposal.changes.every((change: { date: string }) => change.date >= TODAY)).toBe(true);
      expect(careful.proposal.changes.length).toBeLessThan(free.proposal.changes.length);
      // The free re-plan buys a better soft score with its changes.
      expect(free.proposal.scoreAfter.soft).toBeLessThan(careful.proposal.scoreAfter.soft);
    });

    it('applies the proposal in one step: the cells change from today on only, the version moves once, and a second apply is 409 proposal_not_available', async () => {
      const { before, job } = await sickRepair();
      const applied = await manager().post(`${solvePath()}/apply`, { jobId: job.id });
      expect(applied.status).toBe(200);
      expect(applied.body.schedule.version).toBe(before.version + 1);
      expect(applied.body.evaluation.score).toEqual(job.proposal.scoreAfter);
      const after = await cells();
      expect(after.filter((cell) => cell.split(' ')[1]! < TODAY)).toEqual(before.cells.filter((cell) => cell.split(' ')[1]! < TODAY));
      expect(new Set(after).size).toBe(after.length);
      const changed = [...after.filter((cell) => !before.cells.includes(cell)), ...before.cells.filter((cell) => !after.includes(cell))];
      expect(changed.length).toBeGreaterThan(0);
      // Each changed cell is audited on the published schedule as a repair by the manager, and its person is told.
      const audited = await server
        .em()
        .execute<{ route: string; actor_id: number }[]>('select route, actor_id from schedule_cell_change where schedule_id = ?', [ward.scheduleId]);
      expect(audited).toHaveLength(job.proposal.changes.length);
      expect(audited.every((row) => row.route === 'repair' && row.actor_id === people.manager.id)).toBe(true);
      const told = await server
        .em()
        .execute<{ user_id: number; data: { date: string; route: string } }[]>("select user_id, data from notification where kind = 'shift_changed'", []);
      expect(told.map((row) => `${row.user_id} ${row.data.date} ${row.data.route}`).sort()).toEqual(
        job.proposal.changes.map((change: { userId: number; date: string }) => `${change.userId} ${change.date} repair`).sort(),
      );
      expect((await manager().get(solvePath())).body.job.appliedAt).not.toBeNull();

      const again = await manager().post(`${solvePath()}/apply`, { jobId: job.id });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('proposal_not_available');
      expect(await cells()).toEqual(after);
    });

    it('refuses to apply on a schedule edited since the proposal with 409 version_conflict, changing nothing', async () => {
      const { job } = await sickRepair();
      const edited = await manager().request('PUT', `${schedulePath()}/assignments`, {
        body: { version: job.proposal.baseVersion, set: [{ userId: people.colleague.id, date: '2026-12-13', shiftTypeId: ward.early }] },
      });
      expect(edited.status).toBe(200);
      const cellsNow = await cells();
      const applied = await manager().post(`${solvePath()}/apply`, { jobId: job.id });
      expect(applied.status).toBe(409);
      expect(applied.body.code).toBe('version_conflict');
      expect(await cells()).toEqual(cellsNow);
      expect((await manager().get(solvePath())).body.job.appliedAt).toBeNull();
    });

    it('lets exactly one of an apply and a manual edit racing on the same version through', async () => {
      const { before, job } = await sickRepair();
      const [applied, edited] = await Promise.all([
        manager().post(`${solvePath()}/apply`, { jobId: job.id }),
        manager().request('PUT', `${schedulePath()}/assignments`, {
          body: { version: job.proposal.baseVersion, set: [{ userId: people.colleague.id, date: '2026-12-13', shiftTypeId: ward.early }] },
        }),
      ]);
      expect([applied.status, edited.status].sort()).toEqual([200, 409]);
      expect((applied.status === 409 ? applied : edited).body.code).toBe('version_conflict');
      expect(await version()).toBe(before.version + 1);
      expect((await manager().get(solvePath())).body.job.appliedAt === null).toBe(applied.status === 409);
    });

    it('lets exactly one of parallel applies of one proposal through', async () => {
      const { before, job } = await sickRepair();
      const answers = await Promise.all([1, 2, 3].map(() => manager().post(`${solvePath()}/apply`, { jobId: job.id })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      expect(await version()).toBe(before.version + 1);
    });

    it('is run from the admin command line: watched, shown as a table of changes, and applied', async () => {
      await publishRoster();
      await insertApprovedLeave(server, people.wardId, people.employee.id, '2026-12-10', '2026-12-11');
      const before = await version();
      const result = await runAdmin(build.dir, server.url, ['repair', String(ward.scheduleId), '--seconds', '1', '--apply', 'true'], {
        username: 'head',
        password: 'rota-password-1',
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(/^repair job \d+ from 2026-12-09 \(change weight 50\), up to 1 s/);
      // Followed by the solve command's display: its summary names the repair, its end and its best score.
      expect(result.stderr).toMatch(/\nrepair \d+ done after [\d.]+ s of 1: hard 0, soft \d+\n/);
      expect(result.stdout).toMatch(/^date\s+userId\s+name\s+before\s+after/);
      expect(result.stdout).toContain(`2026-12-10  ${people.employee.id}`);
      expect(result.stdout).toMatch(/score now hard 2, soft \d+, after hard 0, soft \d+/);
      expect(result.stdout).toContain(`version ${before + 1}, score hard 0`);
      expect(await version()).toBe(before + 1);
    });

    it("answers 409 proposal_not_available for a full solve's job and 404 job_not_found for another schedule's", async () => {
      const full = await repair({});
      const answer = await manager().post(`${solvePath()}/apply`, { jobId: full.id });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('proposal_not_available');
      const other = await manager().post('/api/rota/schedules', { startDate: '2026-12-14', endDate: '2026-12-20' });
      const foreign = await manager().post(`/api/rota/schedules/${other.body.schedule.id}/solve/apply`, { jobId: full.id });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('job_not_found');
    });
  });
});
