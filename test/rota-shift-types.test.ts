import { beforeEach, describe, expect, it } from '@jest/globals';
import { CoverageRequirement } from '../server/db/entities/coverage-requirement.js';
import { ForbiddenSuccession } from '../server/db/entities/forbidden-succession.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { callRoute, createdStatus, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { useFreshInstallation } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

const DAY = { code: 'D', name: 'Day', start: '07:00', end: '15:00' };
const NIGHT = { code: 'N', name: 'Night', start: '23:00', end: '07:00' };

describe.each(FACES)('shift types (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });
  let people: RotaPeople;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
  });
  const as = (client = people.manager.client, ward?: number) => ({
    list: () => callRoute(client, face, ROUTES.listShiftTypes, undefined, { ward }),
    create: (body: Record<string, unknown>) => callRoute(client, face, ROUTES.createShiftType, body, { ward }),
    update: (id: number, body: Record<string, unknown>) => callRoute(client, face, ROUTES.updateShiftType, { id, ...body }, { ward }),
    remove: (id: number) => callRoute(client, face, ROUTES.deleteShiftType, { id }, { ward }),
  });
  const count = () => server.em().count(ShiftType, {});
  async function created(body: Record<string, unknown>, client?: ReturnType<typeof as>) {
    const answer = await (client ?? as()).create(body);
    expect(answer.status).toBe(createdStatus(face));
    return answer.body.shiftType as { id: number };
  }

  it('creates a shift type with derived minutes and defaults, answering { shiftType }', async () => {
    const answer = await as().create(DAY);
    expect(answer.status).toBe(createdStatus(face));
    expect(answer.body).toEqual({
      shiftType: { id: expect.any(Number), ...DAY, minutes: 480, minConsecutive: 1, maxConsecutive: 28, forbiddenNext: [], active: true },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['07:00', '15:00', 480],
    ['23:00', '07:00', 480],
    ['19:00', '07:30', 750],
    ['08:00', '08:00', 1440],
    ['00:00', '23:59', 1439],
  ])('derives the minutes of %s to %s as %i (an end not after the start is on the next day)', async (start, end, minutes) => {
    expect((await as().create({ ...DAY, start, end })).body.shiftType.minutes).toBe(minutes);
  });

  it('keeps explicit forbidden successors, lists them to staff, and replaces them on PATCH', async () => {
    const night = await created(NIGHT);
    const evening = await created({ code: 'E', name: 'Evening', start: '15:00', end: '23:00' });
    const day = await created({ ...DAY, forbiddenNext: [night.id, evening.id, night.id] });
    expect((await as().list()).body.shiftTypes.find((t: { id: number }) => t.id === day.id).forbiddenNext).toEqual([night.id, evening.id].sort((a, b) => a - b));

    const patched = await as().update(night.id, { forbiddenNext: [day.id, night.id] });
    expect(patched.status).toBe(200);
    expect(patched.body.shiftType.forbiddenNext).toEqual([night.id, day.id].sort((a, b) => a - b));
    const cleared = await as().update(day.id, { forbiddenNext: [] });
    expect(cleared.body.shiftType.forbiddenNext).toEqual([]);

    const listed = await as(people.employee.client).list();
    expect(listed.status).toBe(200);
    expect(listed.body.shiftTypes.map((t: { code: string; forbiddenNext: number[] }) => [t.code, t.forbiddenNext])).toEqual([
      ['N', [night.id, day.id].sort((a, b) => a - b)],
      ['E', []],
      ['D', []],
    ]);
  });

  it('changes any field with PATCH and keeps the others', async () => {
    const day = await created(DAY);
    const answer = await as().update(day.id, { code: 'M', name: 'Morning', start: '06:30', end: '14:30', minConsecutive: 2, maxConsecutive: 5, active: false });
    expect(answer.status).toBe(200);
    expect(answer.body.shiftType).toEqual({
      id: day.id, code: 'M', name: 'Morning', start: '06:30', end: '14:30', minutes: 480, minConsecutive: 2, maxConsecutive: 5, forbiddenNext: [], active: false,
    });
    expect((await as().update(day.id, { name: 'Early' })).body.shiftType).toMatchObject({ code: 'M', name: 'Early', minConsecutive: 2, active: false });
  });

  it('answers 409 shift_code_taken for a code in use in the ward in any letter case, on create and on PATCH', async () => {
    const day = await created({ ...DAY, code: 'Day1' });
    const night = await created(NIGHT);
    for (const answer of [await as().create({ ...NIGHT, code: 'DAY1' }), await as().update(night.id, { code: 'day1' })]) {
      expect(answer.status).toBe(409);
      expect(answer.code).toBe('shift_code_taken');
    }
    expect((await as().list()).body.shiftTypes.map((t: { code: string }) => t.code)).toEqual(['Day1', 'N']);
    // Its own code again is no conflict, and another ward may use the same code.
    expect((await as().update(day.id, { code: 'DAY1' })).status).toBe(200);
    expect((await as(people.otherManager.client).create({ ...DAY, code: 'day1' })).status).toBe(createdStatus(face));
  });

  it('lets exactly one of several concurrent creations of one code succeed', async () => {
    const answers = await Promise.all(['x', 'X', 'x', 'X', 'x'].map((code) => as().create({ ...DAY, code })));
    expect(answers.map((a) => a.status).sort()).toEqual([createdStatus(face), 409, 409, 409, 409].sort());
    expect(await count()).toBe(1);
  });

  it.each([
    ['a start of 24:00', { start: '24:00' }, 'start'],
    ['a start of 7:5', { start: '7:5' }, 'start'],
    ['an end of 07:60', { end: '07:60' }, 'end'],
    ['an end of 7:00', { end: '7:00' }, 'end'],
    ['a missing end', { end: undefined }, 'end'],
    ['an empty code', { code: '' }, 'code'],
    ['a 9-character code', { code: 'ABCDEFGHI' }, 'code'],
    ['a code with a dash', { code: 'D-1' }, 'code'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name'],
    ['minConsecutive 0', { minConsecutive: 0 }, 'minConsecutive'],
    ['maxConsecutive 63', { maxConsecutive: 63 }, 'maxConsecutive'],
    ['minConsecutive above maxConsecutive', { minConsecutive: 5, maxConsecutive: 4 }, 'maxConsecutive'],
    ['minConsecutive as text', { minConsecutive: '2' }, 'minConsecutive'],
    ['active as text', { active: 'false' }, 'active'],
    ['a forbidden successor that is not an id', { forbiddenNext: ['1'] }, 'forbiddenNext.0'],
  ])('refuses %s with 400 invalid_input and creates nothing', async (_, change, path) => {
    const answer = await as().create({ ...DAY, ...change });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await count()).toBe(0);
  });

  it('accepts a Persian code and 00:00 to 23:59', async () => {
    expect((await as().create({ ...DAY, code: 'صبح', start: '00:00', end: '23:59' })).status).toBe(createdStatus(face));
  });

  it('refuses a PATCH that would put minConsecutive above maxConsecutive, and a bad time, changing nothing', async () => {
    const day = await created({ ...DAY, minConsecutive: 2, maxConsecutive: 4 });
    for (const body of [{ minConsecutive: 5 }, { maxConsecutive: 1 }, { start: '24:00', name: 'Changed' }, { end: '7:5' }]) {
      const answer = await as().update(day.id, body);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('invalid_input');
    }
    expect((await as().list()).body.shiftTypes[0]).toMatchObject({ ...DAY, minConsecutive: 2, maxConsecutive: 4 });
  });

  it("answers 404 shift_type_not_found for an unknown id or another ward's, on PATCH, DELETE and as a forbidden successor", async () => {
    const own = await created(DAY);
    const foreign = await created(NIGHT, as(people.otherManager.client));
    for (const id of [foreign.id, 999_999]) {
      for (const answer of [await as().update(id, { name: 'x' }), await as().remove(id), await as().create({ ...NIGHT, forbiddenNext: [id] }), await as().update(own.id, { forbiddenNext: [id] })]) {
        expect({ id, status: answer.status, code: answer.code }).toEqual({ id, status: 404, code: 'shift_type_not_found' });
      }
    }
    // The super admin selecting the home ward does not reach the other ward's shift type either.
    expect((await as(people.admin).update(foreign.id, { name: 'x' })).status).toBe(404);
    expect((await as(people.admin, people.otherWardId).update(foreign.id, { name: 'Night shift' })).status).toBe(200);
    expect(await count()).toBe(2);
    expect(await server.em().count(ForbiddenSuccession, {})).toBe(0);
  });

  it('deletes a shift type no schedule uses, with its successions and coverage rows, answering { ok: true }', async () => {
    const night = await created(NIGHT);
    const day = await created({ ...DAY, forbiddenNext: [night.id] });
    await created({ code: 'E', name: 'Evening', start: '15:00', end: '23:00', forbiddenNext: [day.id] });
    const em = server.em();
    em.create(CoverageRequirement, { ward: installation.wardId, shiftType: day.id, skill: 'nurse', weekday: 1, date: null, minimum: 1, optimal: 1 });
    await em.flush();
    const answer = await as().remove(day.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect((await as().list()).body.shiftTypes.map((t: { code: string; forbiddenNext: number[] }) => [t.code, t.forbiddenNext])).toEqual([['N', []], ['E', []]]);
    expect(await server.em().count(CoverageRequirement, {})).toBe(0);
    expect((await as().remove(day.id)).code).toBe('shift_type_not_found');
  });

  it('limits a ward to 50 shift types', async () => {
    for (let i = 0; i < 50; i++) await created({ ...DAY, code: `S${i}` });
    const answer = await as().create({ ...DAY, code: 'S50' });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(await count()).toBe(50);
    expect((await as(people.otherManager.client).create(DAY)).status).toBe(createdStatus(face));
  });

  it('lets employees read but not change shift types (403 forbidden)', async () => {
    const day = await created(DAY);
    const employee = as(people.employee.client);
    expect((await employee.list()).status).toBe(200);
    for (const answer of [await employee.create(NIGHT), await employee.update(day.id, { name: 'x' }), await employee.remove(day.id)]) {
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('forbidden');
    }
    expect((await as().list()).body.shiftTypes).toEqual([expect.objectContaining({ ...DAY })]);
  });

  it("refuses a head nurse another ward's list with 403 ward_forbidden, and answers in English when asked", async () => {
    const answer = await callRoute(people.manager.client, face, ROUTES.listShiftTypes, undefined, { ward: people.otherWardId, headers: { 'Accept-Language': 'en' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: 'You may not use the selected ward.', code: 'ward_forbidden' });
  });
});
