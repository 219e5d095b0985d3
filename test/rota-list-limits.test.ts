import { beforeEach, describe, expect, it } from '@jest/globals';
import { CoverageRequirement } from '../server/db/entities/coverage-requirement.js';
import { RotaRequest } from '../server/db/entities/rota-request.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { buildRosterProblem } from '../server/services/rota/schedules/build-roster-problem.js';
import { MAX_OPEN_REQUESTS } from '../shared/schemas/rota/requests.js';
import { MAX_WARD_SKILLS } from '../shared/schemas/rota/staff.js';
import { insertSignedInUser } from './support/fixtures.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, FACES, ROUTES, type Face, type RotaPeople } from './support/rota-api.js';
import { SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';

// The test clock's today is 2026-11-22 (Asia/Tehran): requests from then on are open.
describe('limits on what a ward can grow to: open requests per person, skills, and pages', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;

  beforeEach(async () => {
    ({ people } = await setUpDayAndNightWard(server, installation));
  });

  /** `count` requests of one person written at once, one a day from `first` (open when active or pending and not past). */
  async function insertRequests(userId: number, count: number, first: string, status: 'active' | 'pending' | 'cancelled', kind = 'day_off'): Promise<void> {
    await server.em().execute(
      `insert into rota_request (ward_id, user_id, kind, date, end_date, status, created_at, updated_at)
       select ?, ?, ?, ?::date + g, ?::date + g, ?, now(), now() from generate_series(0, ? - 1) g`,
      [people.wardId, userId, kind, first, first, status, count],
    );
  }
  const create = (face: Face, body: Record<string, unknown>, client = people.employee.client) => callRoute(client, face, ROUTES.createRequest, body);

  describe(`at most ${MAX_OPEN_REQUESTS} open requests per person`, () => {
    it.each(FACES)('refuses the next one with 409 open_request_limit (%s), and writes nothing', async (face) => {
      await insertRequests(people.employee.id, MAX_OPEN_REQUESTS - 1, '2027-01-01', 'active');
      const last = await create(face, { kind: 'leave', date: '2028-01-01', endDate: '2028-01-05' });
      expect(last.status).toBe(face === 'rest' ? 201 : 200);
      const before = await server.em().count(RotaRequest, {});
      const refused = await create(face, { kind: 'day_off', date: '2028-02-01' });
      expect([refused.status, refused.code]).toEqual([409, 'open_request_limit']);
      // A manager filing for the person meets the same limit.
      const byManager = await create(face, { userId: people.employee.id, kind: 'day_off', date: '2028-02-02' }, people.manager.client);
      expect([byManager.status, byManager.code]).toEqual([409, 'open_request_limit']);
      expect(await server.em().count(RotaRequest, {})).toBe(before);
      // Another person is not limited by it.
      expect((await create(face, { kind: 'day_off', date: '2028-02-01' }, people.colleague.client)).status).toBe(face === 'rest' ? 201 : 200);
    });

    it('counts neither past, cancelled nor decided requests, so a person filing for years is never stopped by history', async () => {
      await insertRequests(people.employee.id, MAX_OPEN_REQUESTS, '2025-01-01', 'active');
      await insertRequests(people.employee.id, MAX_OPEN_REQUESTS, '2027-01-01', 'cancelled');
      expect((await create('rest', { kind: 'day_off', date: '2027-03-01' })).status).toBe(201);
    });

    it('lets exactly the requests that fit through when they arrive at once', async () => {
      await insertRequests(people.employee.id, MAX_OPEN_REQUESTS - 2, '2027-01-01', 'pending', 'leave');
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create('rest', { kind: 'day_off', date: `2028-03-0${i + 1}` })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
      expect(await server.em().count(RotaRequest, { user: people.employee.id })).toBe(MAX_OPEN_REQUESTS);
    });
  });

  describe(`at most ${MAX_WARD_SKILLS} distinct skills in a ward's coverage and among its staff`, () => {
    it('refuses a coverage table of 5,000 distinct skills with 400 invalid_input, and keeps the old table', async () => {
      const day = (await server.em().findOneOrFail(ShiftType, { code: 'D' })).id;
      const kept = await callRoute(people.manager.client, 'rest', ROUTES.replaceCoverage, { coverage: [{ shiftTypeId: day, skill: 'nurse', weekday: 1, minimum: 1, optimal: 1 }] });
      expect(kept.status).toBe(200);
      const coverage = Array.from({ length: 5000 }, (_, i) => ({ shiftTypeId: day, skill: `skill-${i}`, weekday: 1, minimum: 0, optimal: 1 }));
      const refused = await callRoute(people.manager.client, 'rest', ROUTES.replaceCoverage, { coverage });
      expect([refused.status, refused.code]).toEqual([400, 'invalid_input']);
      expect(await server.em().count(CoverageRequirement, {})).toBe(1);
    });

    it('keeps a schedule\'s requirements to days × shift types × skills of at most 100 skills', async () => {
      const day = (await server.em().findOneOrFail(ShiftType, { code: 'D' })).id;
      const coverage = Array.from({ length: MAX_WARD_SKILLS }, (_, i) => ({ shiftTypeId: day, skill: `skill-${i}`, weekday: 1, minimum: 0, optimal: 1 }));
      expect((await callRoute(people.manager.client, 'rest', ROUTES.replaceCoverage, { coverage })).status).toBe(200);
      const created = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.createSchedule, { startDate: '2027-01-04', endDate: '2027-01-10' });
      const built = await buildRosterProblem(server.em(), { id: created.body.schedule.id, wardId: people.wardId, startDate: '2027-01-04', endDate: '2027-01-10' });
      expect(built.problem.skills).toHaveLength(MAX_WARD_SKILLS + 1);
      expect(built.problem.minimum).toHaveLength(7 * 2 * (MAX_WARD_SKILLS + 1));
    });

    it('refuses a staff profile that would take the ward past 50 distinct skills', async () => {
      for (let i = 0; i < 5; i++) {
        const skills = Array.from({ length: 10 }, (_, k) => `skill-${i * 10 + k}`);
        const userId = i < 2 ? [people.employee.id, people.colleague.id][i]! : (await insertSignedInUser(server, installation, { username: `nurse-${i}`, password: 'rota-password-1' })).id;
        expect((await callRoute(people.manager.client, 'rest', ROUTES.setProfile, { userId, skills })).status).toBe(200);
      }
      const refused = await callRoute(people.manager.client, 'rest', ROUTES.setProfile, { userId: people.manager.id, skills: ['one-more'] });
      expect([refused.status, refused.code]).toEqual([400, 'invalid_input']);
      // Replacing a profile's own skills counts them once.
      expect((await callRoute(people.manager.client, 'rest', ROUTES.setProfile, { userId: people.employee.id, skills: ['skill-0', 'skill-49'] })).status).toBe(200);
    });
  });

  describe('pages', () => {
    it.each(FACES)('pages the requests by date (%s): the first page is unchanged without parameters, nextCursor leads through the rest', async (face) => {
      await insertRequests(people.employee.id, 7, '2027-01-01', 'active');
      const whole = await callRoute(people.manager.client, face, ROUTES.listRequests);
      expect(whole.status).toBe(200);
      expect(whole.body.requests).toHaveLength(7);
      expect(whole.body.nextCursor).toBeNull();
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await callRoute(people.manager.client, face, ROUTES.listRequests, { limit: 3, ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        seen.push(...page.body.requests.map((request: { id: number }) => request.id));
        cursor = page.body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(whole.body.requests.map((request: { id: number }) => request.id));
    });

    it('refuses a limit out of 1 to 500 and a cursor that no page gave, with 400 invalid_input', async () => {
      for (const input of [{ limit: 0 }, { limit: 501 }, { cursor: 'abc' }, { cursor: '2027-01-01' }]) {
        const answer = await callRoute(people.manager.client, 'rest', ROUTES.listRequests, input);
        expect([input, answer.status, answer.code]).toEqual([input, 400, 'invalid_input']);
      }
      for (const input of [{ limit: 0 }, { limit: 101 }, { cursor: 'x' }, { cursor: '0000-01-01' }]) {
        const answer = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.listSchedules, input);
        expect([input, answer.status, answer.code]).toEqual([input, 400, 'invalid_input']);
      }
    });

    it.each(FACES)('pages the schedules newest first (%s)', async (face) => {
      const ids: number[] = [];
      for (let week = 0; week < 5; week++) {
        const start = new Date(Date.UTC(2027, 0, 4 + 7 * week));
        const end = new Date(start.getTime() + 6 * 86_400_000);
        const answer = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.createSchedule, {
          startDate: start.toISOString().slice(0, 10),
          endDate: end.toISOString().slice(0, 10),
        });
        ids.unshift(answer.body.schedule.id);
      }
      const whole = await callRoute(people.manager.client, face, SCHEDULE_ROUTES.listSchedules);
      expect([whole.body.schedules.map((schedule: { id: number }) => schedule.id), whole.body.nextCursor]).toEqual([ids, null]);
      const first = await callRoute(people.manager.client, face, SCHEDULE_ROUTES.listSchedules, { limit: 2 });
      expect([first.body.schedules.map((schedule: { id: number }) => schedule.id), first.body.nextCursor]).toEqual([ids.slice(0, 2), '2027-01-25']);
      const second = await callRoute(people.manager.client, face, SCHEDULE_ROUTES.listSchedules, { limit: 2, cursor: first.body.nextCursor });
      const third = await callRoute(people.manager.client, face, SCHEDULE_ROUTES.listSchedules, { limit: 2, cursor: second.body.nextCursor });
      expect([...second.body.schedules, ...third.body.schedules].map((schedule: { id: number }) => schedule.id)).toEqual(ids.slice(2));
      expect(third.body.nextCursor).toBeNull();
    });
  });
});
