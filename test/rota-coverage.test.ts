import { beforeEach, describe, expect, it } from '@jest/globals';
import { CoverageRequirement } from '../server/db/entities/coverage-requirement.js';
import { callRoute, FACES, ROUTES, setUpRotaPeople, type RotaPeople } from './support/rota-api.js';
import { useFreshInstallation } from './support/suite.js';
import { quickHasher } from './support/quick-hasher.js';

describe.each(FACES)('coverage (%s)', (face) => {
  const { server, installation } = useFreshInstallation({ hasher: quickHasher() });
  let people: RotaPeople;
  let day: number;
  let night: number;
  beforeEach(async () => {
    people = await setUpRotaPeople(server, installation);
    const create = (code: string, start: string, end: string) =>
      callRoute(people.manager.client, face, ROUTES.createShiftType, { code, name: code, start, end }).then((a) => a.body.shiftType.id as number);
    day = await create('D', '07:00', '15:00');
    night = await create('N', '23:00', '07:00');
  });
  const read = (input?: Record<string, unknown>, client = people.manager.client) => callRoute(client, face, ROUTES.readCoverage, input);
  const replace = (coverage: unknown[], client = people.manager.client, ward?: number) => callRoute(client, face, ROUTES.replaceCoverage, { coverage }, { ward });
  const rows = () => server.em().count(CoverageRequirement, {});
  const weekdayRow = (overrides: Record<string, unknown> = {}) => ({ shiftTypeId: day, skill: 'nurse', weekday: 1, date: null, minimum: 2, optimal: 3, ...overrides });
  const dateRow = (overrides: Record<string, unknown> = {}) => ({ shiftTypeId: day, skill: 'nurse', weekday: null, date: '2026-12-01', minimum: 1, optimal: 1, ...overrides });

  it('replaces the whole table with PUT and answers it, as GET does', async () => {
    const table = [weekdayRow(), weekdayRow({ skill: 'head nurse', minimum: 0, optimal: 1 }), weekdayRow({ shiftTypeId: night, weekday: 0 }), dateRow()];
    const answer = await replace(table);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ coverage: table });
    expect((await read()).body).toEqual({ coverage: table });

    const second = await replace([dateRow({ date: '2026-12-24', minimum: 0, optimal: 0 })]);
    expect(second.body.coverage).toHaveLength(1);
    expect((await read()).body.coverage).toEqual([dateRow({ date: '2026-12-24', minimum: 0, optimal: 0 })]);
    expect((await replace([])).body).toEqual({ coverage: [] });
    expect(await rows()).toBe(0);
  });

  it('takes a missing weekday or date as null', async () => {
    const answer = await replace([{ shiftTypeId: day, skill: 'nurse', weekday: 3, minimum: 1, optimal: 2 }, { shiftTypeId: day, skill: 'nurse', date: '2026-12-02', minimum: 1, optimal: 2 }]);
    expect(answer.body.coverage).toEqual([weekdayRow({ weekday: 3, minimum: 1, optimal: 2 }), dateRow({ date: '2026-12-02', minimum: 1, optimal: 2 })]);
  });

  it('limits the date rows GET answers with from and to, and always answers the weekday rows', async () => {
    await replace([weekdayRow(), dateRow({ date: '2026-11-30' }), dateRow({ date: '2026-12-01' }), dateRow({ date: '2026-12-31' }), dateRow({ date: '2027-01-01' })]);
    const dates = async (input: Record<string, unknown>) => (await read(input)).body.coverage.map((row: { weekday: number | null; date: string | null }) => row.date ?? `weekday ${row.weekday}`);
    expect(await dates({ from: '2026-12-01', to: '2026-12-31' })).toEqual(['weekday 1', '2026-12-01', '2026-12-31']);
    expect(await dates({ from: '2026-12-02' })).toEqual(['weekday 1', '2026-12-31', '2027-01-01']);
    expect(await dates({ to: '2026-11-30' })).toEqual(['weekday 1', '2026-11-30']);
    const bad = await read({ from: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('invalid_input');
  });

  it.each([
    ['two rows for one shift type, skill and weekday', () => [weekdayRow(), weekdayRow({ minimum: 0 })], 'coverage.1'],
    ['two rows for one shift type, skill and date', () => [dateRow(), dateRow({ optimal: 4 })], 'coverage.1'],
    ['minimum above optimal', () => [weekdayRow({ minimum: 4, optimal: 3 })], 'coverage.0.optimal'],
    ['an optimal of 101', () => [weekdayRow({ optimal: 101 })], 'coverage.0.optimal'],
    ['a negative minimum', () => [weekdayRow({ minimum: -1 })], 'coverage.0.minimum'],
    ['a minimum as text', () => [weekdayRow({ minimum: '1' })], 'coverage.0.minimum'],
    ['both a weekday and a date', () => [weekdayRow({ date: '2026-12-01' })], 'coverage.0.weekday'],
    ['neither a weekday nor a date', () => [weekdayRow({ weekday: null })], 'coverage.0.weekday'],
    ['weekday 7', () => [weekdayRow({ weekday: 7 })], 'coverage.0.weekday'],
    ['a date that does not exist (2026-02-30)', () => [dateRow({ date: '2026-02-30' })], 'coverage.0.date'],
    ['a blank skill', () => [weekdayRow({ skill: ' ' })], 'coverage.0.skill'],
    ['5,001 rows', () => Array.from({ length: 5001 }, (_, i) => dateRow({ date: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10) })), 'coverage'],
  ])('refuses %s with 400 invalid_input, leaving the old table', async (_, table, path) => {
    await replace([weekdayRow({ weekday: 6 })]);
    const answer = await replace(table());
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_input');
    expect(answer.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect((await read()).body.coverage).toEqual([weekdayRow({ weekday: 6 })]);
  });

  it("answers 404 shift_type_not_found for a row naming another ward's or an unknown shift type, leaving the old table", async () => {
    const foreign = (await callRoute(people.otherManager.client, face, ROUTES.createShiftType, { code: 'D', name: 'Day', start: '07:00', end: '15:00' })).body.shiftType.id;
    await replace([weekdayRow()]);
    for (const shiftTypeId of [foreign, 999_999]) {
      const answer = await replace([weekdayRow({ weekday: 2 }), weekdayRow({ shiftTypeId })]);
      expect(answer.status).toBe(404);
      expect(answer.code).toBe('shift_type_not_found');
    }
    expect((await read()).body.coverage).toEqual([weekdayRow()]);
  });

  it('accepts 5,000 rows in a body over 100 KiB (up to 1 MiB), and refuses a body over 1 MiB with 413', async () => {
    const start = Date.UTC(2026, 0, 1);
    const table = Array.from({ length: 5000 }, (_, i) => dateRow({ skill: `skill ${i % 3}`, date: new Date(start + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10) }));
    expect(JSON.stringify({ coverage: table }).length).toBeGreaterThan(100 * 1024);
    const answer = await replace(table);
    expect(answer.status).toBe(200);
    expect(await rows()).toBe(5000);

    const padded = [weekdayRow({ skill: 'x'.repeat(50) })];
    const tooLarge = await callRoute(people.manager.client, face, ROUTES.replaceCoverage, { coverage: padded, padding: 'p'.repeat(1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.code).toBe('payload_too_large');
    expect(await rows()).toBe(5000);
  });

  it('keeps the 100 KiB limit on other rota routes', async () => {
    const answer = await callRoute(people.manager.client, face, ROUTES.replaceSettings, { minRestHours: 1, padding: 'p'.repeat(101 * 1024) });
    expect(answer.status).toBe(413);
  });

  it('is for managers: an employee gets 403 forbidden on GET and PUT; another ward is 403 ward_forbidden', async () => {
    for (const answer of [await read(undefined, people.employee.client), await replace([weekdayRow()], people.employee.client)]) {
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('forbidden');
    }
    const elsewhere = await replace([weekdayRow()], people.manager.client, people.otherWardId);
    expect(elsewhere.code).toBe('ward_forbidden');
    expect(await rows()).toBe(0);
  });
});
