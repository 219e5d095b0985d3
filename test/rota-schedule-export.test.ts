import { beforeEach, describe, expect, it } from '@jest/globals';
import { Holiday } from '../server/db/entities/holiday.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { ShiftType } from '../server/db/entities/shift-type.js';
import { User } from '../server/db/entities/user.js';
import { setUpDayAndNightWard } from './support/day-and-night-ward.js';
import { callRoute, type RotaPeople } from './support/rota-api.js';
import type { TestClient } from './support/client.js';
import { insertProfile, WEEK } from './support/schedules-api.js';
import { useFreshInstallation } from './support/suite.js';
import { rawGet, scheduleWith } from './support/views-api.js';

const DATES = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09', '2027-01-10'];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('a schedule as CSV and as a printed page', () => {
  const { server, installation } = useFreshInstallation();
  let people: RotaPeople;
  let day: number;
  let night: number;

  beforeEach(async () => {
    ({ people, day, night } = await setUpDayAndNightWard(server, installation));
  });

  const csv = (client: TestClient, id: number | string, headers: Record<string, string> = {}) => rawGet(client, `/api/rota/schedules/${id}/export.csv`, headers);
  const page = (client: TestClient, id: number | string, headers: Record<string, string> = {}) => rawGet(client, `/api/rota/schedules/${id}/print`, headers);
  const errorOf = (answer: { status: number; headers: Headers; bytes: Buffer }) => {
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    return [answer.status, JSON.parse(answer.bytes.toString('utf8')).code];
  };
  const rename = (id: number, name: string) => server.em().nativeUpdate(User, { id }, { name });

  describe('who may read them', () => {
    it('lets a manager read a draft, staff of the ward only once it is published (a draft is 404 schedule_not_found to them)', async () => {
      const id = await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-04', shiftTypeId: day }], false);
      for (const get of [csv, page]) {
        expect((await get(people.manager.client, id)).status).toBe(200);
        expect(errorOf(await get(people.employee.client, id))).toEqual([404, 'schedule_not_found']);
      }
      await callRoute(people.manager.client, 'rest', { procedure: 'rota.schedules.publish', method: 'POST', path: '/api/rota/schedules/{id}/publish' }, { id, acceptViolations: true });
      for (const get of [csv, page]) {
        expect((await get(people.employee.client, id)).status).toBe(200);
        expect((await get(people.colleague.client, id)).status).toBe(200);
      }
    });

    it("answers 404 schedule_not_found for another ward's schedule or an unknown id, 403 ward_forbidden for a ward the caller may not use, 401 without a session", async () => {
      const id = await scheduleWith(people.manager.client, WEEK, []);
      for (const get of [csv, page]) {
        expect(errorOf(await get(people.otherManager.client, id))).toEqual([404, 'schedule_not_found']);
        expect(errorOf(await get(people.otherEmployee.client, id))).toEqual([404, 'schedule_not_found']);
        expect(errorOf(await get(people.manager.client, 999999))).toEqual([404, 'schedule_not_found']);
        expect(errorOf(await get(people.manager.client, id, { 'X-Ward': String(people.otherWardId) }))).toEqual([403, 'ward_forbidden']);
        expect(errorOf(await get(server.client(), id))).toEqual([401, 'unauthenticated']);
        expect(errorOf(await get(people.manager.client, 'abc'))).toEqual([400, 'invalid_input']);
        // A path id is plain decimal digits, as on every REST route: a leading zero or a broken escape is no id.
        expect(errorOf(await get(people.manager.client, `0${id}`))).toEqual([400, 'invalid_input']);
        expect(errorOf(await get(people.manager.client, '%E0%A4%A'))).toEqual([400, 'invalid_input']);
      }
      // The super admin may use the other ward, and there the schedule is another ward's.
      expect(errorOf(await csv(installation.admin, id, { 'X-Ward': String(people.otherWardId) }))).toEqual([404, 'schedule_not_found']);
      expect((await csv(installation.admin, id)).status).toBe(200);
    });

    it('answers the same text on tRPC, JSON-quoted', async () => {
      const id = await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: night }]);
      const rest = (await csv(people.employee.client, id)).bytes.toString('utf8');
      const trpc = await callRoute(people.employee.client, 'trpc', { procedure: 'rota.schedules.exportCsv', method: 'GET', path: '' }, { id });
      expect(trpc.status).toBe(200);
      expect(trpc.body).toBe(rest);
    });
  });

  describe('export.csv', () => {
    it('is UTF-8 with a byte order mark: a header of ISO dates, one row per person with shift codes, CRLF lines', async () => {
      await rename(people.employee.id, 'سارا احمدی');
      const id = await scheduleWith(people.manager.client, WEEK, [
        { userId: people.employee.id, date: '2027-01-04', shiftTypeId: day },
        { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
        { userId: people.colleague.id, date: '2027-01-10', shiftTypeId: night },
      ]);
      const answer = await csv(people.employee.client, id);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.bytes.subarray(0, 3)).toEqual(BOM);
      const text = answer.bytes.subarray(3).toString('utf8');
      // By name in Persian order: Persian script before Latin.
      expect(text).toBe([`name,${DATES.join(',')}`, 'سارا احمدی,D,N,,,,,', 'Reza,,,,,,,N', ''].join('\r\n'));
    });

    it('quotes a name with a comma or a quote (RFC 4180) and neutralises cells that a spreadsheet would run as a formula', async () => {
      await rename(people.employee.id, 'Karimi, "Sara"');
      await rename(people.colleague.id, '=HYPERLINK("http://evil.test","open")');
      // The head nurse works shifts too.
      await rename(people.manager.id, '+98 nurse');
      await insertProfile(server, people.manager.id, ['nurse']);
      const id = await scheduleWith(people.manager.client, WEEK, [{ userId: people.colleague.id, date: '2027-01-04', shiftTypeId: day }]);
      const lines = (await csv(people.manager.client, id)).bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines).toEqual([
        `name,${DATES.join(',')}`,
        `'+98 nurse,,,,,,,`,
        `"'=HYPERLINK(""http://evil.test"",""open"")",D,,,,,,`,
        `"Karimi, ""Sara""",,,,,,,`,
        '',
      ]);
      for (const [name, expected] of [
        ['-2+3', "'-2+3"],
        ['@SUM(A1)', "'@SUM(A1)"],
      ]) {
        await rename(people.employee.id, name!);
        const row = (await csv(people.manager.client, id)).bytes.subarray(3).toString('utf8').split('\r\n').find((line) => line.startsWith(`${expected},`));
        expect(row).toBe(`${expected},,,,,,,`);
      }
    });
  });

  describe('stored text a spreadsheet or a browser would misread', () => {
    it('neutralises formulas hidden behind a tab, a semicolon, an Arabic semicolon or leading spaces, and quotes every separator', async () => {
      const id = await scheduleWith(people.manager.client, WEEK, []);
      // Stored before such names were refused: what is tested is the export's own defence.
      for (const [name, expected] of [
        ['\t=cmd|calc', `"'\t=cmd|calc"`],
        [';=1+1', `"';=1+1"`],
        ['؛=1+1', `"'؛=1+1"`],
        ['  =1+1', `'  =1+1`],
        [' ;@SUM(A1)', `"' ;@SUM(A1)"`],
        ['Sara;Reza', '"Sara;Reza"'],
        ['Sara\tReza', '"Sara\tReza"'],
        ['Sara؛Reza', '"Sara؛Reza"'],
        ['Sara-Reza', 'Sara-Reza'],
      ]) {
        await rename(people.employee.id, name!);
        const lines = (await csv(people.manager.client, id)).bytes.subarray(3).toString('utf8').split('\r\n');
        expect([name, lines.filter((line) => line.endsWith(',,,,,,,') && !line.startsWith('Reza,'))]).toEqual([name, [`${expected},,,,,,,`]]);
      }
    });

    it('isolates every name on the printed page in <bdi>, so that a right-to-left override reorders nothing after it', async () => {
      await rename(people.employee.id, 'Sara\u202eidamhA');
      await server.em().nativeUpdate(ShiftType, { id: day }, { name: 'Day\u2067' });
      const id = await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-04', shiftTypeId: day }]);
      const html = (await page(people.manager.client, id)).bytes.toString('utf8');
      const row = html.split('\n').find((line) => line.startsWith(`<tr data-user-id="${people.employee.id}"`))!;
      expect(row).toContain('title="SaraidamhA"><bdi>SaraidamhA</bdi></th>');
      expect(html).toContain('<bdi>Day</bdi> (');
      expect(html).toMatch(/<h1>برنامهٔ شیفت <bdi>ICU<\/bdi><\/h1>/);
      expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    });
  });

  describe('print', () => {
    it('is a right-to-left Persian page with a Content-Security-Policy that allows nothing from outside', async () => {
      const id = await scheduleWith(people.manager.client, WEEK, [{ userId: people.employee.id, date: '2027-01-05', shiftTypeId: night }]);
      const answer = await page(people.employee.client, id);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = answer.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(csp).toContain("font-src 'self'");
      expect(csp).not.toMatch(/https?:|unsafe-inline|\*/);
      const html = answer.bytes.toString('utf8');
      expect(html).toMatch(/<html lang="fa" dir="rtl">/);
      expect(html).not.toMatch(/<script|https?:\/\//);
      // Column heads in the Solar Hijri calendar: Monday 2027-01-04 is 14 Dey 1405, Friday 2027-01-08 the weekend.
      expect(html).toContain('data-date="2027-01-04" title="۱۴ دی ۱۴۰۵، دوشنبه"><span class="month">دی</span><span class="num">۱۴</span><span class="wd">د</span>');
      expect(html).toMatch(/class="day we" data-date="2027-01-08"/);
    });

    it('shades holidays, totals each row (shifts, hours, nights) and escapes names', async () => {
      const em = server.em();
      em.create(Holiday, { hospital: em.getReference(Hospital, installation.hospitalId), date: '2027-01-06', name: 'Holiday <b>', createdAt: server.clock.now() });
      await em.flush();
      await rename(people.employee.id, '<script>alert(1)</script>');
      const id = await scheduleWith(people.manager.client, WEEK, [
        { userId: people.employee.id, date: '2027-01-04', shiftTypeId: day },
        { userId: people.employee.id, date: '2027-01-05', shiftTypeId: night },
        { userId: people.employee.id, date: '2027-01-07', shiftTypeId: night },
      ]);
      const html = (await page(people.manager.client, id)).bytes.toString('utf8');
      expect(html).toMatch(/class="day ho" data-date="2027-01-06"/);
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('Holiday <b>');
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
      // 3 shifts, 8 + 8 + 8 = 24 hours, 2 nights.
      const row = html.split('\n').find((line) => line.startsWith(`<tr data-user-id="${people.employee.id}"`))!;
      expect(row).toMatch(/<td class="total first">۳<\/td><td class="total">۲۴<\/td><td class="total">۲<\/td><\/tr>$/);
      expect(row.match(/<td class="cell s\d">/g)).toHaveLength(3);
    });

    it('serves its Persian typeface from the service itself', async () => {
      const font = await rawGet(server.client(), '/assets/fonts/vazirmatn.woff2');
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect(font.bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
    });
  });
});
