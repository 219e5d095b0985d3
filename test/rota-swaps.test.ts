import { beforeEach, describe, expect, it } from '@jest/globals';
import { Assignment } from '../server/db/entities/assignment.js';
import { Notification } from '../server/db/entities/notification.js';
import { ScheduleCellChange } from '../server/db/entities/schedule-cell-change.js';
import { ShiftSwap } from '../server/db/entities/shift-swap.js';
import type { TestClient } from './support/client.js';
import { insertSignedInUser } from './support/fixtures.js';
import { callRoute, createdStatus, FACES, ROUTES, type Face } from './support/rota-api.js';
import { CLAIM_ROUTES, notificationsOf, readCells, setUpPublishedWeek, SWAP_ROUTES, type PublishedWeek } from './support/roster-life.js';
import { insertCoverage, insertProfile, insertRequest, SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';

// Today is 2027-01-03 in Tehran; the published week runs 2027-01-04 … 10.
const TODAY = '2027-01-03T08:00:00.000Z';

describe.each(FACES)('swaps (%s)', (face: Face) => {
  const { server, installation } = useFreshInstallation({ clockAt: TODAY });
  let week: PublishedWeek;
  let employee: TestClient;
  let colleague: TestClient;
  let manager: TestClient;

  beforeEach(async () => {
    week = await setUpPublishedWeek(server, installation, (p, t) => [
      { userId: p.employee.id, date: '2027-01-05', shiftTypeId: t.day },
      { userId: p.employee.id, date: '2027-01-07', shiftTypeId: t.night },
      { userId: p.colleague.id, date: '2027-01-05', shiftTypeId: t.night },
      { userId: p.colleague.id, date: '2027-01-06', shiftTypeId: t.day, skill: 'nurse' },
      { userId: p.colleague.id, date: '2027-01-08', shiftTypeId: t.day, skill: 'nurse' },
      { userId: p.manager.id, date: '2027-01-06', shiftTypeId: t.day, skill: 'head' },
    ]);
    ({ employee: { client: employee }, colleague: { client: colleague }, manager: { client: manager } } = week.people);
    // The colleague would rather work days on the 5th: a swap of that day honours it (10 less soft penalty).
    await insertRequest(server, installation.wardId, { userId: week.people.colleague.id, kind: 'shift_on', date: '2027-01-05', shiftTypeId: week.day, status: 'active' });
  });
  const call = (client: TestClient, route: keyof typeof SWAP_ROUTES, input?: Record<string, unknown>) => callRoute(client, face, SWAP_ROUTES[route], input);
  const offer = (body: Record<string, unknown>, client = employee) => call(client, 'offer', body);
  async function offered(body: Record<string, unknown> = { date: '2027-01-05', withUserId: week.people.colleague.id }): Promise<number> {
    const answer = await offer(body);
    expect(answer.status).toBe(createdStatus(face));
    return answer.body.swap.id;
  }
  async function accepted(body?: Record<string, unknown>): Promise<number> {
    const id = await offered(body);
    expect((await call(colleague, 'accept', { id })).body.swap.status).toBe('accepted');
    return id;
  }
  const score = async () => (await callRoute(manager, face, SCHEDULE_ROUTES.readSchedule, { id: week.scheduleId })).body.schedule.score as { hard: number; soft: number };
  const kinds = async (client: TestClient, kind: string) => (await notificationsOf(client, face)).filter((n) => n.kind === kind).map((n) => n.data);

  it('goes offered → accepted → approved: the cells are exchanged, and its effect was the change of score', async () => {
    const { people, day, night, scheduleId } = week;
    const answer = await offer({ date: '2027-01-05', withUserId: people.colleague.id, note: ' my Tuesday ' });
    expect(answer.status).toBe(createdStatus(face));
    expect(answer.body.swap).toEqual({
      id: expect.any(Number),
      scheduleId,
      fromUserId: people.employee.id,
      toUserId: people.colleague.id,
      date: '2027-01-05',
      theirDate: '2027-01-05',
      cells: [
        { userId: people.employee.id, date: '2027-01-05', shiftTypeId: day, skill: 'nurse' },
        { userId: people.colleague.id, date: '2027-01-05', shiftTypeId: night, skill: 'nurse' },
      ],
      status: 'offered',
      note: 'my Tuesday',
      effect: { hard: 0, soft: -10 },
      createdAt: server.clock.now().toISOString(),
      decidedBy: null,
      decidedAt: null,
    });
    const id = answer.body.swap.id;
    expect(await kinds(colleague, 'swap_offered')).toEqual([{ swapId: id, scheduleId }]);

    const acceptance = await call(colleague, 'accept', { id });
    expect([acceptance.status, acceptance.body.swap.status]).toEqual([200, 'accepted']);
    expect(await kinds(employee, 'swap_accepted')).toEqual([{ swapId: id, scheduleId }]);

    // The manager sees what it costs before approving; the approval changes the score by exactly that.
    const listed = await call(manager, 'list', { status: 'accepted' });
    expect(listed.body.swaps.map((s: { id: number; effect: unknown }) => [s.id, s.effect])).toEqual([[id, { hard: 0, soft: -10 }]]);
    const before = await score();
    const approval = await call(manager, 'approve', { id });
    expect(approval.status).toBe(200);
    expect(approval.body.swap).toMatchObject({ status: 'approved', decidedBy: people.manager.id, decidedAt: server.clock.now().toISOString(), effect: null });
    const after = await score();
    expect({ hard: after.hard - before.hard, soft: after.soft - before.soft }).toEqual(listed.body.swaps[0].effect);

    const { cells, version } = await readCells(week);
    expect(cells.filter(([, date]) => date === '2027-01-05')).toEqual(
      expect.arrayContaining([
        [people.employee.id, '2027-01-05', night, 'nurse'],
        [people.colleague.id, '2027-01-05', day, 'nurse'],
      ]),
    );
    expect(version).toBe(3);
    for (const client of [employee, colleague]) expect(await kinds(client, 'swap_decided')).toEqual([{ swapId: id, scheduleId, status: 'approved' }]);
    expect(await kinds(employee, 'shift_changed')).toEqual([
      { scheduleId, date: '2027-01-05', before: { shiftTypeId: day, skill: 'nurse' }, after: { shiftTypeId: night, skill: 'nurse' }, by: people.manager.id, route: 'swap' },
    ]);
    expect(await kinds(colleague, 'shift_changed')).toEqual([
      { scheduleId, date: '2027-01-05', before: { shiftTypeId: night, skill: 'nurse' }, after: { shiftTypeId: day, skill: 'nurse' }, by: people.manager.id, route: 'swap' },
    ]);
    const audit = await server.em().find(ScheduleCellChange, { scheduleId });
    expect(audit.map((c) => [c.route, c.actor?.id])).toEqual([
      ['swap', people.manager.id],
      ['swap', people.manager.id],
    ]);
  });

  it('exchanges both days of a swap with theirDate, four cells', async () => {
    const { people, day, night } = week;
    const id = await accepted({ date: '2027-01-05', theirDate: '2027-01-06', withUserId: people.colleague.id });
    const swap = (await call(manager, 'approve', { id })).body.swap;
    expect(swap.cells).toHaveLength(4);
    const { cells } = await readCells(week);
    const mine = (userId: number) => cells.filter(([user, date]) => user === userId && date <= '2027-01-06').map(([, date, type]) => [date, type]);
    expect(mine(people.employee.id)).toEqual(expect.arrayContaining([['2027-01-05', night], ['2027-01-06', day]]));
    expect(mine(people.employee.id)).toHaveLength(2);
    expect(mine(people.colleague.id)).toEqual([['2027-01-05', day]]);
  });

  it('ends declined, cancelled or rejected on the right party\'s word, telling whom it concerns; other transitions are 409 swap_not_pending', async () => {
    const { people, scheduleId } = week;
    const declinedId = await offered();
    expect((await call(colleague, 'decline', { id: declinedId })).body.swap.status).toBe('declined');
    expect(await kinds(employee, 'swap_declined')).toEqual([{ swapId: declinedId, scheduleId }]);
    for (const [client, route] of [[colleague, 'accept'], [colleague, 'decline'], [employee, 'cancel'], [manager, 'approve'], [manager, 'reject']] as const) {
      const refused = await call(client, route, { id: declinedId });
      expect([route, refused.status, refused.code]).toEqual([route, 409, 'swap_not_pending']);
    }

    const cancelledId = await accepted();
    expect((await call(employee, 'cancel', { id: cancelledId })).body.swap.status).toBe('cancelled');

    const offeredId = await offered();
    for (const route of ['approve', 'reject'] as const) {
      const early = await call(manager, route, { id: offeredId });
      expect([route, early.status, early.code]).toEqual([route, 409, 'swap_not_pending']);
    }
    expect((await call(colleague, 'accept', { id: offeredId })).status).toBe(200);
    const rejected = await call(manager, 'reject', { id: offeredId, note: 'Short of nights' });
    expect(rejected.body.swap).toMatchObject({ status: 'rejected', decidedBy: people.manager.id });
    for (const client of [employee, colleague]) expect(await kinds(client, 'swap_decided')).toEqual([{ swapId: offeredId, scheduleId, status: 'rejected' }]);
    expect(await server.em().count(ScheduleCellChange, {})).toBe(0);
  });

  it('lets each party do only their part: someone else who sees it is 403 forbidden, anyone who may not see it 404 swap_not_found', async () => {
    const { people } = week;
    const third = await insertSignedInUser(server, installation, { username: 'third', password: 'rota-password-1', name: 'Third' });
    await insertProfile(server, third.id, ['nurse']);
    const id = await offered();
    for (const [client, route] of [[employee, 'accept'], [employee, 'decline'], [colleague, 'cancel'], [manager, 'accept'], [manager, 'cancel']] as const) {
      const refused = await call(client, route, { id });
      expect([route, refused.status, refused.code]).toEqual([route, 403, 'forbidden']);
    }
    for (const client of [third.client, people.otherManager.client, people.otherEmployee.client]) {
      for (const route of ['accept', 'decline', 'cancel'] as const) {
        const hidden = await call(client, route, { id });
        expect([route, hidden.status, hidden.code]).toEqual([route, 404, 'swap_not_found']);
      }
      expect((await call(client, 'list')).body.swaps).toEqual([]);
    }
    expect((await call(colleague, 'accept', { id })).status).toBe(200);
    for (const client of [employee, colleague, third.client]) {
      const refused = await call(client, 'approve', { id });
      expect([refused.status, refused.code]).toEqual([403, 'forbidden']);
    }
    const otherWard = await call(people.otherManager.client, 'approve', { id });
    expect([otherWard.status, otherWard.code]).toEqual([404, 'swap_not_found']);
    expect((await server.em().findOneOrFail(ShiftSwap, id)).status).toBe('accepted');
    for (const client of [employee, colleague, manager]) expect((await call(client, 'list')).body.swaps.map((s: { id: number }) => s.id)).toEqual([id]);
  });

  it('refuses offers that cannot be made: 400 invalid_swap, 404 user_not_found, 409 swap_conflict', async () => {
    const { people } = week;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ date: '2027-01-05', withUserId: people.employee.id }, 400, 'invalid_swap'],
      [{ date: '2027-01-02', withUserId: people.colleague.id }, 400, 'invalid_swap'],
      [{ date: '2027-01-12', withUserId: people.colleague.id }, 400, 'invalid_swap'],
      [{ date: '2027-01-05', theirDate: '2027-01-11', withUserId: people.colleague.id }, 400, 'invalid_swap'],
      // Both off on the 9th: nothing would change.
      [{ date: '2027-01-09', withUserId: people.colleague.id }, 400, 'invalid_swap'],
      // The head nurse's cell is made with a skill the employee lacks.
      [{ date: '2027-01-06', withUserId: people.manager.id }, 400, 'invalid_swap'],
      [{ date: '2027-01-05', withUserId: people.otherEmployee.id }, 404, 'user_not_found'],
      [{ date: '2027-01-05', withUserId: 999_999 }, 404, 'user_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const refused = await offer(body);
      expect({ body, status: refused.status, code: refused.code }).toEqual({ body, status, code });
    }
    expect(await server.em().count(ShiftSwap, {})).toBe(0);

    const first = await offered();
    const conflict = await offer({ date: '2027-01-04', theirDate: '2027-01-05', withUserId: people.employee.id }, colleague);
    expect([conflict.status, conflict.code]).toEqual([409, 'swap_conflict']);
    expect((await call(colleague, 'decline', { id: first })).status).toBe(200);
    expect((await offer({ date: '2027-01-05', withUserId: people.employee.id }, colleague)).status).toBe(createdStatus(face));
  });

  it('goes stale when a cell changed since the offer (409 swap_stale), changing nothing', async () => {
    const { people, day } = week;
    const id = await accepted();
    const edit = await callRoute(manager, face, SCHEDULE_ROUTES.setAssignments, { id: week.scheduleId, version: 2, set: [{ userId: people.colleague.id, date: '2027-01-05', shiftTypeId: day }] });
    expect(edit.status).toBe(200);
    const refused = await call(manager, 'approve', { id });
    expect([refused.status, refused.code]).toEqual([409, 'swap_stale']);
    expect((await server.em().findOneOrFail(ShiftSwap, id)).status).toBe('stale');
    expect((await readCells(week)).version).toBe(3);
    expect(await server.em().count(ScheduleCellChange, { route: 'swap' })).toBe(0);
  });

  it('refuses an exchange that adds hard violations with 409 swap_infeasible listing them, until a manager accepts them', async () => {
    const { people, day } = week;
    // A day shift straight after a night breaks an 11-hour rest.
    expect((await callRoute(manager, face, ROUTES.replaceSettings, { minRestHours: 11 })).status).toBe(200);
    const id = await accepted({ date: '2027-01-08', withUserId: people.colleague.id });
    expect((await call(manager, 'list')).body.swaps[0].effect).toMatchObject({ hard: 1 });
    const refused = await call(manager, 'approve', { id });
    expect([refused.status, refused.code]).toEqual([409, 'swap_infeasible']);
    // tRPC carries the list in the error's data, which the test client does not map.
    if (face === 'rest') {
      expect(refused.body.violations).toEqual([{ constraint: 'forbidden_succession', severity: 'hard', userId: people.employee.id, date: '2027-01-08', shiftTypeId: day, count: 1, penalty: 1 }]);
    }
    expect((await server.em().findOneOrFail(ShiftSwap, id)).status).toBe('accepted');
    expect((await call(manager, 'approve', { id, acceptViolations: true })).body.swap.status).toBe('approved');
  });

  it('under swapApproval "none" makes the exchange when the other party accepts, by them', async () => {
    const { people, scheduleId } = week;
    expect((await callRoute(manager, face, ROUTES.replaceSettings, { swapApproval: 'none' })).status).toBe(200);
    const id = await offered();
    const acceptance = await call(colleague, 'accept', { id });
    expect(acceptance.body.swap).toMatchObject({ status: 'approved', decidedBy: people.colleague.id });
    expect((await kinds(employee, 'shift_changed')).map((d) => [d.by, d.route])).toEqual([[people.colleague.id, 'swap']]);
    for (const client of [employee, colleague]) expect(await kinds(client, 'swap_decided')).toEqual([{ swapId: id, scheduleId, status: 'approved' }]);
  });

  it('leaves the days before today alone: no offer for them, and a swap whose day has passed goes stale', async () => {
    const { people } = week;
    const id = await accepted();
    // Half past midnight on the 6th in Tehran (still the 5th in UTC): the 5th is history.
    server.clock.set('2027-01-05T21:00:00.000Z');
    const late = await offer({ date: '2027-01-05', withUserId: people.colleague.id }, colleague);
    expect([late.status, late.code]).toEqual([400, 'invalid_swap']);
    const refused = await call(manager, 'approve', { id });
    expect([refused.status, refused.code]).toEqual([409, 'swap_stale']);
    expect(await server.em().count(Assignment, { user: people.employee.id, date: '2027-01-05', shiftType: week.day })).toBe(1);
  });
});

describe('swap races', () => {
  const { server, installation } = useFreshInstallation({ clockAt: TODAY });
  let week: PublishedWeek;

  beforeEach(async () => {
    week = await setUpPublishedWeek(server, installation, (p, t) => [
      { userId: p.employee.id, date: '2027-01-05', shiftTypeId: t.day },
      { userId: p.colleague.id, date: '2027-01-05', shiftTypeId: t.night },
      { userId: p.colleague.id, date: '2027-01-06', shiftTypeId: t.day, skill: 'nurse' },
    ]);
  });
  const call = (client: TestClient, route: keyof typeof SWAP_ROUTES, input?: Record<string, unknown>) => callRoute(client, 'rest', SWAP_ROUTES[route], input);
  async function acceptedSwap(date = '2027-01-05'): Promise<number> {
    const offer = await call(week.people.employee.client, 'offer', { date, withUserId: week.people.colleague.id });
    expect(offer.status).toBe(201);
    expect((await call(week.people.colleague.client, 'accept', { id: offer.body.swap.id })).status).toBe(200);
    return offer.body.swap.id;
  }

  it('makes one swap of parallel offers over one cell; the rest are 409 swap_conflict', async () => {
    const { people } = week;
    const answers = await Promise.all([
      ...[1, 2, 3].map(() => call(people.employee.client, 'offer', { date: '2027-01-05', withUserId: people.colleague.id })),
      ...[1, 2, 3].map(() => call(people.colleague.client, 'offer', { date: '2027-01-05', withUserId: people.employee.id })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.code === 'swap_conflict')).toBe(true);
    expect(await server.em().count(ShiftSwap, {})).toBe(1);
  });

  it('exchanges once under parallel approvals of one swap', async () => {
    const id = await acceptedSwap();
    const answers = await Promise.all([week.people.manager.client, installation.admin, week.people.manager.client, installation.admin].map((client) => call(client, 'approve', { id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.code === 'swap_not_pending')).toBe(true);
    expect(await server.em().count(ScheduleCellChange, { route: 'swap' })).toBe(2);
    expect(await server.em().count(Notification, { kind: 'shift_changed' })).toBe(2);
    expect((await readCells(week)).version).toBe(3);
  });

  it('applies exactly one of a swap approval and a manual edit of one of its cells', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await acceptedSwap();
      const { version } = await readCells(week);
      const [approval, edit] = await Promise.all([
        call(week.people.manager.client, 'approve', { id }),
        callRoute(installation.admin, 'rest', SCHEDULE_ROUTES.setAssignments, { id: week.scheduleId, version, set: [{ userId: week.people.employee.id, date: '2027-01-05', shiftTypeId: week.night }] }),
      ]);
      const outcome = [approval.status === 200 ? 'swap' : approval.code, edit.status === 200 ? 'edit' : edit.code];
      expect([['swap', 'version_conflict'], ['swap_stale', 'edit']]).toContainEqual(outcome);
      // Put the 5th back as it was for the next round.
      const now = await readCells(week);
      await callRoute(installation.admin, 'rest', SCHEDULE_ROUTES.setAssignments, {
        id: week.scheduleId,
        version: now.version,
        set: [
          { userId: week.people.employee.id, date: '2027-01-05', shiftTypeId: week.day },
          { userId: week.people.colleague.id, date: '2027-01-05', shiftTypeId: week.night },
        ],
      });
    }
  });

  it('applies exactly one of a swap and a claim over one cell approved at once', async () => {
    const { people, day } = week;
    // The 6th needs two day nurses and has one: the employee, off that day, may claim it, or take the colleague's by a swap.
    await insertCoverage(server, installation.wardId, { shiftTypeId: day, skill: 'nurse', date: '2027-01-06', minimum: 1, optimal: 2 });
    const claim = await callRoute(people.employee.client, 'rest', CLAIM_ROUTES.claim, { date: '2027-01-06', shiftTypeId: day });
    expect(claim.status).toBe(201);
    const id = await acceptedSwap('2027-01-06');
    const [swapAnswer, claimAnswer] = await Promise.all([
      call(people.manager.client, 'approve', { id }),
      callRoute(installation.admin, 'rest', CLAIM_ROUTES.approveClaim, { id: claim.body.claim.id }),
    ]);
    const outcome = [swapAnswer.status === 200 ? 'swap' : swapAnswer.code, claimAnswer.status === 200 ? 'claim' : claimAnswer.code];
    expect([['swap', 'claim_stale'], ['swap_stale', 'claim']]).toContainEqual(outcome);
    expect(await server.em().count(ScheduleCellChange, {})).toBe(outcome[0] === 'swap' ? 2 : 1);
  });
});
