import { beforeEach, describe, expect, it } from '@jest/globals';
import { RotaEvent } from '../server/db/entities/rota-event.js';
import { RotaRequest } from '../server/db/entities/rota-request.js';
import { callRoute, createdStatus, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import type { TestClient } from './support/client.js';
import { useFreshInstallation } from './support/suite.js';

const LEAVE = { kind: 'leave', date: '2026-12-01', endDate: '2026-12-05', note: 'Family visit' };

describe.each(FACES)('requests (%s)', (face) => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let foreignShift: number;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    day = (await callRoute(people.manager.client, face, ROUTES.createShiftType, { code: 'D', name: 'Day', start: '07:00', end: '15:00' })).body.shiftType.id;
    foreignShift = (await callRoute(people.otherManager.client, face, ROUTES.createShiftType, { code: 'D', name: 'Day', start: '07:00', end: '15:00' })).body.shiftType.id;
  });
  const as = (client: TestClient, ward?: number) => ({
    list: (input?: Record<string, unknown>) => callRoute(client, face, ROUTES.listRequests, input, { ward }),
    create: (body: Record<string, unknown>) => callRoute(client, face, ROUTES.createRequest, body, { ward }),
    approve: (id: number, body: Record<string, unknown> = {}) => callRoute(client, face, ROUTES.approveRequest, { id, ...body }, { ward }),
    reject: (id: number, body: Record<string, unknown> = {}) => callRoute(client, face, ROUTES.rejectRequest, { id, ...body }, { ward }),
    cancel: (id: number) => callRoute(client, face, ROUTES.cancelRequest, { id }, { ward }),
  });
  const employee = () => as(people.employee.client);
  const manager = () => as(people.manager.client);
  const count = () => server.em().count(RotaRequest, {});
  async function created(body: Record<string, unknown>, client = employee()) {
    const answer = await client.create(body);
    expect(answer.status).toBe(createdStatus(face));
    return answer.body.request as { id: number; status: string };
  }

  describe('making requests', () => {
    it('makes preferences that are active at once, answering 201 { request }', async () => {
      const dayOff = await employee().create({ kind: 'day_off', date: '2026-12-03' });
      expect(dayOff.status).toBe(createdStatus(face));
      expect(dayOff.body).toEqual({
        request: {
          id: expect.any(Number),
          userId: people.employee.id,
          kind: 'day_off',
          date: '2026-12-03',
          endDate: '2026-12-03',
          shiftTypeId: null,
          note: null,
          reason: null,
          status: 'active',
          decidedBy: null,
          decidedAt: null,
          decisionNote: null,
          createdAt: server.clock.now().toISOString(),
        },
      });
      for (const kind of ['shift_off', 'shift_on']) {
        const answer = await employee().create({ kind, date: '2026-12-04', shiftTypeId: day, note: ' please ' });
        expect(answer.body.request).toMatchObject({ kind, shiftTypeId: day, status: 'active', note: 'please' });
      }
    });

    it('makes a leave that waits pending for a decision', async () => {
      const answer = await employee().create(LEAVE);
      expect(answer.status).toBe(createdStatus(face));
      expect(answer.body.request).toMatchObject({ kind: 'leave', date: '2026-12-01', endDate: '2026-12-05', note: 'Family visit', reason: 'annual', status: 'pending', shiftTypeId: null });
    });

    it('accepts a leave of 62 days and of one day', async () => {
      expect((await employee().create({ kind: 'leave', date: '2027-01-01', endDate: '2027-03-03' })).status).toBe(createdStatus(face));
      expect((await employee().create({ kind: 'leave', date: '2027-05-01', endDate: '2027-05-01' })).status).toBe(createdStatus(face));
    });

    it.each([
      ['a leave of 63 days', { kind: 'leave', date: '2027-01-01', endDate: '2027-03-04' }, 'endDate'],
      ['a leave ending before it starts', { kind: 'leave', date: '2027-01-05', endDate: '2027-01-04' }, 'endDate'],
      ['a leave without its end', { kind: 'leave', date: '2027-01-05' }, 'endDate'],
      ['a leave naming a shift type', { ...LEAVE, shiftTypeId: 1 }, 'shiftTypeId'],
      ['a date that does not exist (2026-02-30)', { kind: 'day_off', date: '2026-02-30' }, 'date'],
      ['an end date that does not exist', { kind: 'leave', date: '2027-02-01', endDate: '2027-02-29' }, 'endDate'],
      ['a shift_off without a shift type', { kind: 'shift_off', date: '2026-12-01' }, 'shiftTypeId'],
      ['a shift_on without a shift type', { kind: 'shift_on', date: '2026-12-01', shiftTypeId: null }, 'shiftTypeId'],
      ['a day_off naming a shift type', { kind: 'day_off', date: '2026-12-01', shiftTypeId: 1 }, 'shiftTypeId'],
      ['a preference over several days', { kind: 'day_off', date: '2026-12-01', endDate: '2026-12-02' }, 'endDate'],
      ['an unknown kind', { kind: 'overtime', date: '2026-12-01' }, 'kind'],
      ['a shift type id as text', { kind: 'shift_on', date: '2026-12-01', shiftTypeId: '1' }, 'shiftTypeId'],
      ['a note of 501 characters', { kind: 'day_off', date: '2026-12-01', note: 'n'.repeat(501) }, 'note'],
    ])('refuses %s with 400 invalid_input and stores nothing', async (_, body, path) => {
      const answer = await employee().create(body);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('invalid_input');
      expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect(await count()).toBe(0);
    });

    it("answers 404 shift_type_not_found for another ward's or an unknown shift type", async () => {
      for (const shiftTypeId of [foreignShift, 999_999]) {
        const answer = await employee().create({ kind: 'shift_off', date: '2026-12-01', shiftTypeId });
        expect(answer.status).toBe(404);
        expect(answer.code).toBe('shift_type_not_found');
      }
      expect(await count()).toBe(0);
    });

    it('answers 409 request_duplicate to a second active preference of one kind for one day and shift type, until the first is cancelled', async () => {
      const first = await created({ kind: 'shift_off', date: '2026-12-01', shiftTypeId: day });
      const dayOff = await created({ kind: 'day_off', date: '2026-12-01' });
      for (const body of [{ kind: 'shift_off', date: '2026-12-01', shiftTypeId: day }, { kind: 'day_off', date: '2026-12-01' }]) {
        const answer = await employee().create(body);
        expect(answer.status).toBe(409);
        expect(answer.code).toBe('request_duplicate');
      }
      // The manager making it for the employee is a duplicate too; another person, kind or date is not.
      expect((await manager().create({ userId: people.employee.id, kind: 'day_off', date: '2026-12-01' })).code).toBe('request_duplicate');
      await created({ kind: 'day_off', date: '2026-12-01' }, as(people.colleague.client));
      await created({ kind: 'shift_on', date: '2026-12-01', shiftTypeId: day });
      await created({ kind: 'day_off', date: '2026-12-02' });
      expect((await employee().cancel(first.id)).status).toBe(200);
      await created({ kind: 'shift_off', date: '2026-12-01', shiftTypeId: day });
      expect(dayOff.status).toBe('active');
    });

    it('lets exactly one of several concurrent identical preferences through', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => employee().create({ kind: 'day_off', date: '2026-12-09' })));
      expect(answers.map((a) => a.status).sort()).toEqual([createdStatus(face), 409, 409, 409, 409, 409].sort());
      expect(await count()).toBe(1);
    });

    it('lets a manager make a request for anyone of the ward, but not of another ward (404 user_not_found)', async () => {
      const answer = await manager().create({ ...LEAVE, userId: people.employee.id });
      expect(answer.status).toBe(createdStatus(face));
      expect(answer.body.request).toMatchObject({ userId: people.employee.id, status: 'pending' });
      for (const userId of [people.otherEmployee.id, 999_999]) {
        const refused = await manager().create({ ...LEAVE, userId });
        expect(refused.status).toBe(404);
        expect(refused.code).toBe('user_not_found');
      }
      expect(await count()).toBe(1);
    });

    it('answers 403 forbidden to an employee naming someone else, and takes their own id', async () => {
      const refused = await employee().create({ ...LEAVE, userId: people.colleague.id });
      expect(refused.status).toBe(403);
      expect(refused.code).toBe('forbidden');
      expect((await employee().create({ ...LEAVE, userId: people.employee.id })).status).toBe(createdStatus(face));
      expect(await count()).toBe(1);
    });

    it('answers 401 unauthenticated without a session', async () => {
      const anonymous = await as(server.client()).create(LEAVE);
      expect(anonymous.status).toBe(401);
      expect(anonymous.code).toBe('unauthenticated');
    });
  });

  describe('listing', () => {
    let ids: Record<string, number>;
    beforeEach(async () => {
      ids = {
        saraLeave: (await created(LEAVE)).id,
        saraDayOff: (await created({ kind: 'day_off', date: '2026-12-10' })).id,
        rezaLeave: (await created({ kind: 'leave', date: '2026-12-04', endDate: '2026-12-12' }, as(people.colleague.client))).id,
        rezaShiftOn: (await created({ kind: 'shift_on', date: '2026-11-28', shiftTypeId: day }, as(people.colleague.client))).id,
      };
      await created({ kind: 'leave', date: '2026-12-01', endDate: '2026-12-02' }, as(people.otherEmployee.client));
    });
    const listed = async (client: ReturnType<typeof as>, input?: Record<string, unknown>) => {
      const answer = await client.list(input);
      expect(answer.status).toBe(200);
      return answer.body.requests.map((r: { id: number }) => r.id);
    };

    it("shows a manager the ward's requests by date, and an employee only their own", async () => {
      expect(await listed(manager())).toEqual([ids.rezaShiftOn, ids.saraLeave, ids.rezaLeave, ids.saraDayOff]);
      expect(await listed(employee())).toEqual([ids.saraLeave, ids.saraDayOff]);
      expect(await listed(employee(), { userId: people.colleague.id })).toEqual([]);
    });

    it('filters by status, person and the range [from, to] a request meets', async () => {
      expect(await listed(manager(), { status: 'pending' })).toEqual([ids.saraLeave, ids.rezaLeave]);
      expect(await listed(manager(), { userId: people.colleague.id })).toEqual([ids.rezaShiftOn, ids.rezaLeave]);
      expect(await listed(manager(), { from: '2026-12-06', to: '2026-12-09' })).toEqual([ids.rezaLeave]);
      expect(await listed(manager(), { from: '2026-12-05', to: '2026-12-05' })).toEqual([ids.saraLeave, ids.rezaLeave]);
      expect(await listed(manager(), { to: '2026-11-30' })).toEqual([ids.rezaShiftOn]);
      expect(await listed(manager(), { from: '2026-12-11', status: 'pending' })).toEqual([ids.rezaLeave]);
      const bad = await manager().list({ from: '2026-02-30' });
      expect(bad.status).toBe(400);
      expect(bad.code).toBe('invalid_input');
    });
  });

  describe('the leave workflow', () => {
    it('lets a manager approve a pending leave, recording who, when and why, and audits it', async () => {
      const leave = await created(LEAVE);
      server.clock.advance(60_000);
      const answer = await manager().approve(leave.id, { note: ' Enjoy ' });
      expect(answer.status).toBe(200);
      expect(answer.body.request).toMatchObject({ id: leave.id, status: 'approved', decidedBy: people.manager.id, decidedAt: server.clock.now().toISOString(), decisionNote: 'Enjoy' });
      const events = await server.em().find(RotaEvent, { objectType: 'request', objectId: leave.id }, { orderBy: { id: 'asc' } });
      expect(events.map((e) => [e.type, e.actor?.id, e.user?.id, e.note ?? null])).toEqual([
        ['request_created', people.employee.id, people.employee.id, null],
        ['request_approved', people.manager.id, people.employee.id, 'Enjoy'],
      ]);
    });

    it('lets a manager reject a pending leave, and then neither decision nor cancel is possible (409 request_not_pending)', async () => {
      const leave = await created(LEAVE);
      const answer = await manager().reject(leave.id);
      expect(answer.status).toBe(200);
      expect(answer.body.request).toMatchObject({ status: 'rejected', decidedBy: people.manager.id, decisionNote: null });
      for (const refused of [await manager().approve(leave.id), await manager().reject(leave.id), await employee().cancel(leave.id), await manager().cancel(leave.id)]) {
        expect(refused.status).toBe(409);
        expect(refused.code).toBe('request_not_pending');
      }
      expect((await employee().list()).body.requests[0].status).toBe('rejected');
    });

    it('lets the owner or a manager cancel a pending or an approved leave, and an active preference, once', async () => {
      const pending = await created(LEAVE);
      const approved = await created({ kind: 'leave', date: '2027-01-01', endDate: '2027-01-02' });
      await manager().approve(approved.id);
      const preference = await created({ kind: 'day_off', date: '2026-12-20' });
      const byOwner = await employee().cancel(pending.id);
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.request).toMatchObject({ id: pending.id, status: 'cancelled' });
      expect((await manager().cancel(approved.id)).body.request).toMatchObject({ status: 'cancelled', decidedBy: people.manager.id });
      expect((await employee().cancel(preference.id)).body.request.status).toBe('cancelled');
      for (const id of [pending.id, approved.id, preference.id]) {
        const again = await employee().cancel(id);
        expect(again.status).toBe(409);
        expect(again.code).toBe('request_not_pending');
      }
      expect(await server.em().count(RotaEvent, { type: 'request_cancelled' })).toBe(3);
    });

    it('answers 409 request_not_pending to deciding a preference or an approved leave', async () => {
      const preference = await created({ kind: 'day_off', date: '2026-12-20' });
      const leave = await created(LEAVE);
      await manager().approve(leave.id);
      for (const refused of [await manager().approve(preference.id), await manager().reject(preference.id), await manager().reject(leave.id)]) {
        expect(refused.status).toBe(409);
        expect(refused.code).toBe('request_not_pending');
      }
    });

    it('leaves exactly one decision when managers approve and reject the same leave at once', async () => {
      const leave = await created(LEAVE);
      const managers = [people.manager.client, people.admin];
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? as(managers[i % 2]!).reject(leave.id) : as(managers[i % 2]!).approve(leave.id))),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.code).toBe('request_not_pending');
      const winner = answers.find((a) => a.status === 200)!.body.request;
      const stored = await server.em().findOneOrFail(RotaRequest, leave.id);
      expect(stored.status).toBe(winner.status);
      expect(stored.decidedBy?.id).toBe(winner.decidedBy);
      const decisions = await server.em().find(RotaEvent, { objectId: leave.id, type: { $in: ['request_approved', 'request_rejected'] } });
      expect(decisions).toHaveLength(1);
      expect(decisions[0]!.type).toBe(`request_${winner.status}`);
    });

    it('lets no employee decide (403 forbidden), not even on their own leave', async () => {
      const leave = await created(LEAVE);
      for (const answer of [await employee().approve(leave.id), await employee().reject(leave.id)]) {
        expect(answer.status).toBe(403);
        expect(answer.code).toBe('forbidden');
      }
      expect((await employee().list()).body.requests[0].status).toBe('pending');
    });

    it("answers 404 request_not_found for someone else's request to an employee, another ward's to a manager, and unknown ids", async () => {
      const sara = await created(LEAVE);
      const foreign = await created(LEAVE, as(people.otherEmployee.client));
      const colleague = as(people.colleague.client);
      for (const answer of [await colleague.cancel(sara.id), await manager().approve(foreign.id), await manager().reject(foreign.id), await manager().cancel(foreign.id), await manager().approve(999_999)]) {
        expect(answer.status).toBe(404);
        expect(answer.code).toBe('request_not_found');
      }
      expect((await employee().list()).body.requests[0].status).toBe('pending');
      // The super admin decides it after selecting its ward.
      expect((await as(people.admin, people.otherWardId).approve(foreign.id)).status).toBe(200);
    });
  });
});
