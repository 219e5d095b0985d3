import { beforeAll, describe, expect, it } from '@jest/globals';
import { Holiday } from '../server/db/entities/holiday.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { User } from '../server/db/entities/user.js';
import { changeCells } from '../server/services/rota/schedules/change-cells.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { setUpInstallation } from './support/fixtures.js';
import { LEDGER_ROUTES } from './support/ledger-api.js';
import { callRoute, FACES, ROUTES, type RotaPeople } from './support/rota-api.js';
import type { TestClient } from './support/client.js';
import { insertContract, insertProfile, insertRequest, SCHEDULE_ROUTES } from './support/schedules-api.js';
import { useTestServer } from './support/suite.js';
import { createShiftType, rawGet, scheduleWith, type Cell } from './support/views-api.js';

const CONTRACT = {
  minAssignments: 0,
  minConsecutiveWorkingDays: 1,
  maxConsecutiveWorkingDays: 7,
  minConsecutiveDaysOff: 1,
  maxConsecutiveDaysOff: 28,
  maxWorkingWeekends: 4,
  completeWeekends: false,
};
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

// A small ward over three published schedules of January 2027 (Monday 2027-01-04 onwards) and a draft after them,
// with a Thursday–Friday weekend, so that weekends run Thu 7–Fri 8, Thu 14–Fri 15 (across the border of the first two
// schedules), Thu 21–Fri 22 and Thu 28–Fri 29. Day D and Night N are 480 minutes each; 5 and 12 January are holidays.
//   schedule 1: 2027-01-04 … 2027-01-14, schedule 2: 2027-01-15 … 2027-01-24, schedule 3: 2027-01-25 … 2027-01-31,
//   a draft: 2027-02-01 … 2027-02-07.
// Sara is a part-timer (contract maxAssignments 10), Reza full-time (20). The range read is 2027-01-07 … 2027-01-28.
describe('the ward ledger', () => {
  const server = useTestServer();
  let people: RotaPeople;
  let day: number;
  let night: number;
  let sara: number;
  let reza: number;
  let schedules: number[];

  const ledger = (client: TestClient, range: Record<string, string>, face: 'rest' | 'trpc' = 'rest') => callRoute(client, face, LEDGER_ROUTES.readLedger, range);
  const edit = async (id: number, set: (Cell & { pinned?: boolean })[]) => {
    const { body } = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id });
    const answer = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.setAssignments, { id, version: body.schedule.version, set });
    if (answer.status !== 200) throw new Error(`edit: ${answer.status} ${JSON.stringify(answer.body)}`);
  };

  beforeAll(async () => {
    const installation = await setUpInstallation(server);
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
    sara = people.employee.id;
    reza = people.colleague.id;
    const manager = people.manager.client;
    expect((await callRoute(manager, 'rest', ROUTES.replaceSettings, { weekendDays: [4, 5] })).status).toBe(200);
    const partTime = await insertContract(server, people.wardId, 'Part time', { ...CONTRACT, maxAssignments: 10 });
    const fullTime = await insertContract(server, people.wardId, 'Full time', { ...CONTRACT, maxAssignments: 20 });
    for (const [userId, contractId] of [[sara, partTime], [reza, fullTime]] as const) {
      expect((await callRoute(manager, 'rest', ROUTES.setProfile, { userId, skills: ['nurse'], contractId })).status).toBe(200);
    }
    const em = server.em();
    for (const date of ['2027-01-05', '2027-01-12']) em.create(Holiday, { hospital: em.getReference(Hospital, installation.hospitalId), date, name: 'Holiday', createdAt: server.clock.now() });
    await em.flush();
    // Preferences are frozen once a schedule is published: these are made before.
    for (const request of [
      { userId: sara, kind: 'day_off', date: '2027-01-07' }, // worked (N): broken
      { userId: sara, kind: 'shift_on', date: '2027-01-28', shiftTypeId: night }, // worked N: honoured
      { userId: sara, kind: 'day_off', date: '2027-01-30' }, // outside the range
      { userId: reza, kind: 'shift_off', date: '2027-01-26', shiftTypeId: day }, // worked D: broken
      { userId: reza, kind: 'day_off', date: '2027-01-10' }, // off: honoured
      { userId: reza, kind: 'day_off', date: '2027-01-05' }, // outside the range
      { userId: reza, kind: 'day_off', date: '2027-02-03' }, // in the draft
    ] as const) {
      await insertRequest(server, people.wardId, { ...request, status: 'active' });
    }

    const cell = (userId: number, date: string, shiftTypeId: number): Cell => ({ userId, date, shiftTypeId });
    schedules = [
      await scheduleWith(manager, { startDate: '2027-01-04', endDate: '2027-01-14' }, [
        cell(sara, '2027-01-05', day), // before the range, on a holiday
        cell(sara, '2027-01-07', night),
        cell(sara, '2027-01-12', day),
        cell(sara, '2027-01-14', day),
        cell(reza, '2027-01-08', day),
        cell(reza, '2027-01-12', night),
      ]),
      await scheduleWith(manager, { startDate: '2027-01-15', endDate: '2027-01-24' }, [
        cell(sara, '2027-01-15', night),
        cell(sara, '2027-01-19', day), // cleared after publication
        cell(reza, '2027-01-18', day), // unpinned after publication: a pin alone is no change
        cell(reza, '2027-01-20', day), // made a night after publication
        cell(reza, '2027-01-22', day),
      ]),
      await scheduleWith(manager, { startDate: '2027-01-25', endDate: '2027-01-31' }, [
        cell(sara, '2027-01-28', night),
        cell(sara, '2027-01-29', day), // after the range
        cell(reza, '2027-01-26', day),
      ]),
      await scheduleWith(manager, { startDate: '2027-02-01', endDate: '2027-02-07' }, [cell(sara, '2027-02-02', night), cell(reza, '2027-02-03', day)], false),
    ];
    await edit(schedules[1]!, [
      { userId: sara, date: '2027-01-19', shiftTypeId: null },
      { userId: reza, date: '2027-01-18', shiftTypeId: day, pinned: false },
      { userId: reza, date: '2027-01-20', shiftTypeId: night },
    ]);
    await edit(schedules[0]!, [{ userId: sara, date: '2027-01-05', shiftTypeId: night }]); // a change before the range
    await edit(schedules[3]!, [{ userId: reza, date: '2027-02-04', shiftTypeId: night }]); // a draft: not audited

    // Another ward works the same days, and its head nurse's ledger is its own.
    const otherNight = await createShiftType(people.otherManager.client, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
    await insertProfile(server, people.otherEmployee.id, ['nurse']);
    await scheduleWith(people.otherManager.client, { startDate: '2027-01-04', endDate: '2027-01-31' }, [
      cell(people.otherEmployee.id, '2027-01-07', otherNight),
      cell(people.otherEmployee.id, '2027-01-12', otherNight),
    ]);
  });

  it('counts each figure as hand-computed over three published schedules, cut at the range', async () => {
    const answer = await ledger(people.manager.client, { from: '2027-01-07', to: '2027-01-28' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      rows: [
        {
          userId: reza,
          name: 'Reza',
          contractId: expect.any(Number),
          // 8 D, 12 N, 18 D, 20 N (was D), 22 D, 26 D.
          assignments: 6,
          minutes: 2880, // 6 × 480
          nights: 2, // 12 and 20 (the edit counts)
          weekendsWorked: 2, // Fri 8 (weekend 7–8) and Fri 22 (weekend 21–22)
          holidaysWorked: 1, // 12
          preferencesHonoured: 1, // day off on 10
          preferencesBroken: 1, // shift off D on 26 (5 is outside the range, 3 February in a draft)
          changesAfterPublication: 1, // 20 D → N; unpinning 18 is no change
          deviation: {
            nights: -1.3333333333333333, // 2 − 1 × 10/3
            weekendsWorked: -1.3333333333333333, // 2 − 1 × 10/3
            holidaysWorked: -0.3333333333333333, // 1 − 1 × 4/3
          },
        },
        {
          userId: sara,
          name: 'Sara',
          contractId: expect.any(Number),
          // 7 N, 12 D, 14 D, 15 N, 28 N (5 and 29 are outside the range, 19 was cleared).
          assignments: 5,
          minutes: 2400, // 5 × 480
          nights: 3, // 7, 15, and 28: a night on `to` counts whole
          // Thu 7 (weekend 7–8), Thu 14 + Fri 15 (one weekend across two schedules, which each would count), Thu 28
          // (weekend 28–29, cut by the range: a day inside it is worked).
          weekendsWorked: 3,
          holidaysWorked: 1, // 12 (5 is outside the range)
          preferencesHonoured: 1, // shift on N on 28
          preferencesBroken: 1, // day off on 7 (30 is outside the range)
          changesAfterPublication: 1, // 19 cleared (the change on 5 is outside the range)
          deviation: {
            nights: 1.3333333333333333, // 3 − 0.5 × 10/3
            weekendsWorked: 1.3333333333333333, // 3 − 0.5 × 10/3
            holidaysWorked: 0.3333333333333333, // 1 − 0.5 × 4/3
          },
        },
      ],
      // Shares: Reza 20/20 = 1, Sara 10/20 = 0.5; their sum 1.5.
      ward: {
        staff: 2,
        perFullTime: {
          assignments: 7.333333333333333, // (6 + 5) / 1.5
          nights: 3.3333333333333335, // (2 + 3) / 1.5
          weekendsWorked: 3.3333333333333335, // (2 + 3) / 1.5
          holidaysWorked: 1.3333333333333333, // (1 + 1) / 1.5
        },
      },
    });
  });

  it('counts a change after publication whatever its route: a swap of two cells counts once for each party', async () => {
    // 5 January: Sara's D, made N by a manual edit after publication; Reza off. A swap hands Sara's night to Reza.
    const em = server.em();
    const { body } = await callRoute(people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: schedules[0] });
    const actor = await em.findOneOrFail(User, people.manager.id);
    await em.transactional((tx) =>
      changeCells(
        tx,
        {
          wardId: people.wardId,
          scheduleId: schedules[0]!,
          expectedVersion: body.schedule.version,
          changes: [
            { userId: sara, date: '2027-01-05', after: null },
            { userId: reza, date: '2027-01-05', after: { shiftTypeId: night, skill: 'nurse' } },
          ],
          route: 'swap',
        },
        { now: server.clock.now(), actor, client: { ip: null, userAgent: null }, config: server.config },
      ),
    );
    const answer = await ledger(people.manager.client, { from: '2027-01-04', to: '2027-01-06' });
    expect(answer.body.rows.map((row: any) => [row.name, row.assignments, row.nights, row.changesAfterPublication])).toEqual([
      ['Reza', 1, 1, 1], // the swap
      ['Sara', 0, 0, 2], // the edit D → N, then the swap
    ]);
  });

  it('answers the same on tRPC', async () => {
    const range = { from: '2027-01-07', to: '2027-01-28' };
    const [rest, trpc] = [await ledger(people.manager.client, range), await ledger(people.manager.client, range, 'trpc')];
    expect(trpc.status).toBe(200);
    expect(trpc.body).toEqual(rest.body);
  });

  it('counts only published schedules: a draft in the range adds nothing, and its preferences are not judged', async () => {
    const answer = await ledger(people.manager.client, { from: '2027-01-29', to: '2027-02-07' });
    expect(answer.status).toBe(200);
    // Sara's D on 29 January is the one published cell, and her day off on the 30th (published, off) is honoured; the
    // draft's cells, its edit and Reza's day off on 3 February (a draft's day) do not count.
    expect(answer.body.rows.map((row: any) => [row.name, row.assignments, row.preferencesHonoured, row.preferencesBroken, row.changesAfterPublication])).toEqual([
      ['Reza', 0, 0, 0, 0],
      ['Sara', 1, 1, 0, 0],
    ]);
    // Shares 1 and 0.5: Sara's one assignment over 1.5 full-time staff; her weekend 28–29 counted by its 29th.
    expect(answer.body.ward).toEqual({ staff: 2, perFullTime: { assignments: 0.6666666666666666, nights: 0, weekendsWorked: 0.6666666666666666, holidaysWorked: 0 } });
  });

  it("cuts schedules at the range's days: a range of one day reads one day's cells", async () => {
    const answer = await ledger(people.manager.client, { from: '2027-01-12', to: '2027-01-12' });
    expect(answer.body.rows.map((row: any) => [row.name, row.assignments, row.nights, row.holidaysWorked, row.weekendsWorked])).toEqual([
      ['Reza', 1, 1, 1, 0],
      ['Sara', 1, 0, 1, 0],
    ]);
  });

  it("never shows another ward's people, and shows another ward's head nurse only their own", async () => {
    const ours = await ledger(people.manager.client, { from: '2027-01-01', to: '2027-01-31' });
    expect(ours.body.rows.map((row: any) => row.userId)).toEqual([reza, sara]);
    const theirs = await ledger(people.otherManager.client, { from: '2027-01-01', to: '2027-01-31' });
    expect(theirs.body.rows.map((row: any) => [row.userId, row.assignments, row.nights])).toEqual([[people.otherEmployee.id, 2, 2]]);
    // The super admin reads the other ward's ledger by selecting it.
    const selected = await callRoute(people.admin, 'rest', LEDGER_ROUTES.readLedger, { from: '2027-01-01', to: '2027-01-31' }, { ward: people.otherWardId });
    expect(selected.body.rows.map((row: any) => row.userId)).toEqual([people.otherEmployee.id]);
    expect((await callRoute(people.manager.client, 'rest', LEDGER_ROUTES.readLedger, { from: '2027-01-01', to: '2027-01-31' }, { ward: people.otherWardId })).code).toBe('ward_forbidden');
  });

  it.each(FACES)('refuses employees with 403 forbidden, and both routes without a session with 401 (%s)', async (face) => {
    for (const route of Object.values(LEDGER_ROUTES)) {
      const answer = await callRoute(people.employee.client, face, route, { from: '2027-01-01', to: '2027-01-31' });
      expect([answer.status, answer.code]).toEqual([403, 'forbidden']);
      const anonymous = await callRoute(server.client(), face, route, { from: '2027-01-01', to: '2027-01-31' });
      expect([anonymous.status, anonymous.code]).toEqual([401, 'unauthenticated']);
    }
  });

  it.each(FACES)('takes at most 366 days, both ends included, and needs both ends in order (%s)', async (face) => {
    for (const route of Object.values(LEDGER_ROUTES)) {
      const call = (range: Record<string, string>) => callRoute(people.manager.client, face, route, range);
      expect((await call({ from: '2028-01-01', to: '2028-12-31' })).status).toBe(200); // 366 days of a leap year
      const ranges: Record<string, string>[] = [
        { from: '2028-01-01', to: '2029-01-01' }, // 367 days
        { from: '2027-01-28', to: '2027-01-07' },
        { from: '2027-01-07' },
        { to: '2027-01-28' },
        { from: '2027-02-30', to: '2027-03-01' },
      ];
      for (const range of ranges) {
        const answer = await call(range);
        expect([JSON.stringify(range), answer.status, answer.code]).toEqual([JSON.stringify(range), 400, 'invalid_input']);
      }
    }
  });

  describe('on the printed roster', () => {
    const print = (client: TestClient, query: string) => rawGet(client, `/api/rota/schedules/${schedules[1]}/print${query}`);
    const errorOf = (answer: { status: number; bytes: Buffer }) => [answer.status, JSON.parse(answer.bytes.toString('utf8')).code];

    it("adds the ledger over ledger=from..to as a sheet after the roster, the largest excess of each deviation column marked", async () => {
      const html = (await print(people.manager.client, '?ledger=2027-01-07..2027-01-28')).bytes.toString('utf8');
      expect(html).toContain('<section class="ledger">');
      expect(html.match(/<tr data-user-id="\d+"/g)).toHaveLength(4); // two roster rows, two ledger rows
      // Sara carries more than her share of nights, weekends and holidays: each of her deviations is its column's largest.
      const saraRow = html.slice(html.indexOf(`<tr data-user-id="${sara}"`, html.indexOf('id="ledger"')));
      expect(saraRow.slice(0, saraRow.indexOf('</tr>')).match(/class="dev [^"]*most[^"]*"/g)).toHaveLength(3);
      expect(html).not.toMatch(new RegExp(`<tr data-user-id="${reza}"[^\n]*most`));
      expect((await print(people.manager.client, '')).bytes.toString('utf8')).not.toContain('class="ledger"');
    });

    it('refuses the ledger sheet to staff with 403 forbidden (the roster alone stays theirs to read), and a bad range with 400', async () => {
      expect((await print(people.employee.client, '')).status).toBe(200);
      expect(errorOf(await print(people.employee.client, '?ledger=2027-01-07..2027-01-28'))).toEqual([403, 'forbidden']);
      for (const ledger of ['2027-01-07', '2027-01-28..2027-01-07', '2028-01-01..2029-01-01', '2027-02-30..2027-03-01', '2027-1-7..2027-1-28']) {
        expect([ledger, ...errorOf(await print(people.manager.client, `?ledger=${ledger}`))]).toEqual([ledger, 400, 'invalid_input']);
      }
    });
  });

  describe('as CSV', () => {
    const csv = (client: TestClient, query: string) => rawGet(client, `/api/rota/ledger.csv?${query}`);

    it('gives the same rows: UTF-8 with a byte order mark, the header of docs/rota.md §13, numbers as numbers, CRLF lines', async () => {
      const answer = await csv(people.manager.client, 'from=2027-01-07&to=2027-01-28');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="ledger.csv"');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.bytes.subarray(0, 3)).toEqual(BOM);
      expect(answer.bytes.subarray(3).toString('utf8')).toBe(
        [
          'userId,name,assignments,minutes,nights,weekendsWorked,holidaysWorked,preferencesHonoured,preferencesBroken,changesAfterPublication,deviationNights,deviationWeekendsWorked,deviationHolidaysWorked',
          `${reza},Reza,6,2880,2,2,1,1,1,1,-1.3333333333333333,-1.3333333333333333,-0.3333333333333333`,
          `${sara},Sara,5,2400,3,3,1,1,1,1,1.3333333333333333,1.3333333333333333,0.3333333333333333`,
          '',
        ].join('\r\n'),
      );
    });

    it('quotes names by RFC 4180 and neutralises names a spreadsheet would run as a formula', async () => {
      const rename = (id: number, name: string) => server.em().nativeUpdate(User, { id }, { name });
      try {
        await rename(sara, '=HYPERLINK("http://evil.test","open")');
        await rename(reza, 'Karimi, "Reza"');
        let lines = (await csv(people.manager.client, 'from=2027-01-07&to=2027-01-28')).bytes.subarray(3).toString('utf8').split('\r\n');
        expect(lines.slice(1, 3)).toEqual([
          `${sara},"'=HYPERLINK(""http://evil.test"",""open"")",5,2400,3,3,1,1,1,1,1.3333333333333333,1.3333333333333333,0.3333333333333333`,
          `${reza},"Karimi, ""Reza""",6,2880,2,2,1,1,1,1,-1.3333333333333333,-1.3333333333333333,-0.3333333333333333`,
        ]);
        for (const [name, expected] of [['-2+3', "'-2+3"], ['+98 nurse', "'+98 nurse"], ['@SUM(A1)', "'@SUM(A1)"]] as const) {
          await rename(sara, name);
          lines = (await csv(people.manager.client, 'from=2027-01-07&to=2027-01-28')).bytes.subarray(3).toString('utf8').split('\r\n');
          expect(lines.find((line) => line.startsWith(`${sara},`))).toBe(`${sara},${expected},5,2400,3,3,1,1,1,1,1.3333333333333333,1.3333333333333333,0.3333333333333333`);
        }
      } finally {
        await rename(sara, 'Sara');
        await rename(reza, 'Reza');
      }
    });
  });
});
