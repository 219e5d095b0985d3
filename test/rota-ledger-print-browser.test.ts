import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { Holiday } from '../server/db/entities/holiday.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { addDays } from '../server/calendar/iso-dates.js';
import { BROWSER_LAUNCH_TIMEOUT, launchBrowser } from './support/browser.js';
import { insertSignedInUser, insertUser, setUpInstallation } from './support/fixtures.js';
import { insertContract, insertProfile } from './support/schedules-api.js';
import { useTestServer } from './support/suite.js';
import { createShiftType, scheduleWith, type Cell } from './support/views-api.js';

// Farvardin and Ordibehesht 1406: 2027-03-21 to 2027-04-20 and 2027-04-21 to 2027-05-21, with the Nowruz holidays.
const MONTHS = [
  { jalaliMonth: '1406-01', first: '2027-03-21', days: 31 },
  { jalaliMonth: '1406-02', first: '2027-04-21', days: 31 },
];
const RANGE = '2027-03-21..2027-05-21';
const HOLIDAYS = ['2027-03-21', '2027-03-22', '2027-03-23', '2027-03-24', '2027-04-01', '2027-04-02'];
const NAMES = [
  'مریم احمدی', 'زهرا حسینی', 'فاطمه رضایی', 'سارا محمدی', 'نرگس کریمی', 'لیلا موسوی', 'الهام جعفری', 'مهسا قاسمی',
  'سمیه صادقی', 'اعظم رحیمی', 'پریسا نوری', 'شیرین کاظمی', 'منیژه عباسی', 'نازنین یزدانی', 'آزاده فرهادی', 'مینا شریفی',
  'طاهره اکبری', 'رویا کامرانی', 'ندا امیری', 'فرزانه حیدری', 'علی مرادی', 'رضا نجفی', 'حسین زمانی', 'معصومه خسروی‌نژاد اصفهانی',
];
// Every fourth person works half time; the rest full time.
const partTime = (p: number) => p % 4 === 3;
// A rotation as wards run it; two people are given every night the rotation offers them and one more a week, as a
// ward does without a ledger when someone "prefers" nights.
const ROTATION = ['M', 'M', 'E', 'E', 'N', null, null, 'M', 'L', null] as const;

describe('the ledger sheet of the printed roster in a browser', () => {
  const server = useTestServer();
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const installation = await setUpInstallation(server);
    const em = server.em();
    for (const date of HOLIDAYS) em.create(Holiday, { hospital: em.getReference(Hospital, installation.hospitalId), date, name: 'تعطیل', createdAt: server.clock.now() });
    await em.flush();

    const head = await insertSignedInUser(server, installation, { username: 'head', password: 'head-password-1', role: 'manager', name: 'سرپرستار' });
    const types = {
      M: await createShiftType(head.client, { code: 'ص', name: 'صبح', start: '07:30', end: '14:00' }),
      E: await createShiftType(head.client, { code: 'ع', name: 'عصر', start: '14:00', end: '20:00' }),
      N: await createShiftType(head.client, { code: 'ش', name: 'شب', start: '20:00', end: '07:30' }),
      L: await createShiftType(head.client, { code: 'صع', name: 'صبح و عصر', start: '07:30', end: '20:00' }),
    };
    const contract = { minAssignments: 0, minConsecutiveWorkingDays: 1, maxConsecutiveWorkingDays: 7, minConsecutiveDaysOff: 1, maxConsecutiveDaysOff: 28, maxWorkingWeekends: 5, completeWeekends: false };
    const full = await insertContract(server, installation.wardId, 'تمام‌وقت', { ...contract, maxAssignments: 22 });
    const half = await insertContract(server, installation.wardId, 'نیمه‌وقت', { ...contract, maxAssignments: 11 });
    const cells: Cell[][] = MONTHS.map(() => []);
    for (const [p, name] of NAMES.entries()) {
      const userId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: installation.wardId, username: `nurse${p}`, password: 'nurse-password-1', name });
      await insertProfile(server, userId, ['nurse'], partTime(p) ? half : full);
      MONTHS.forEach((month, m) => {
        for (let d = 0; d < month.days; d++) {
          let kind: keyof typeof types | null = ROTATION[(d + p * 3) % ROTATION.length]!;
          if (partTime(p) && d % 2 === 1) kind = null;
          if ((p === 2 || p === 9) && kind !== null && d % 7 === 3) kind = 'N';
          if (kind) cells[m]!.push({ userId, date: addDays(month.first, d), shiftTypeId: types[kind] });
        }
      });
    }
    const ids: number[] = [];
    for (const [m, month] of MONTHS.entries()) ids.push(await scheduleWith(head.client, { jalaliMonth: month.jalaliMonth }, cells[m]!));

    const context = await browser.newContext({ viewport: { width: 1123, height: 794 }, deviceScaleFactor: 1.5, locale: 'fa-IR' });
    await context.addCookies([{ name: 'nobat_sid', value: head.client.sessionCookie!, url: server.url }]);
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const response = await page.goto(`${server.url}/api/rota/schedules/${ids[0]}/print?ledger=${RANGE}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
  }, BROWSER_LAUNCH_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no console error (a CSP violation would be one) and makes no request outside the service', async () => {
    expect(consoleErrors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
  });

  it('follows the roster with one ledger row per person, right to left, names in the first column on the right', async () => {
    expect(await page.locator('#roster tbody tr').count()).toBe(NAMES.length);
    expect(await page.locator('#ledger tbody tr').count()).toBe(NAMES.length);
    expect(await page.evaluate("getComputedStyle(document.querySelector('#ledger')).direction")).toBe('rtl');
    const [name, last] = await page.$$eval('#ledger tbody tr:first-child > *', (cells) => [cells[0]!.getBoundingClientRect().right, cells.at(-1)!.getBoundingClientRect().right]);
    expect(name!).toBeGreaterThan(last!);
  });

  it("marks in each deviation column the largest excess over a person's share, and only it", async () => {
    for (const key of ['nights', 'weekendsWorked', 'holidaysWorked']) {
      const cells = await page.$$eval(`#ledger td[data-deviation="${key}"]`, (tds) => tds.map((td) => ({ value: Number(td.getAttribute('data-value')), marked: td.classList.contains('most') })));
      const largest = Math.max(...cells.map((cell) => cell.value));
      expect(largest).toBeGreaterThan(0);
      expect(cells.filter((cell) => cell.marked).map((cell) => cell.value)).toEqual(cells.filter((cell) => cell.value === largest).map((cell) => cell.value));
    }
    // The two given extra nights carry the most of them.
    const marked = await page.$$eval('#ledger td.most[data-deviation="nights"]', (tds) => tds.map((td) => td.closest('tr')!.querySelector('th')!.textContent));
    expect(marked.every((name) => [NAMES[2], NAMES[9]].includes(name!))).toBe(true);
  });

  it('prints the ledger on a sheet of its own after the roster: two A4 landscape pages', async () => {
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
  });

  it('fits an A4 landscape window without sideways scrolling (and saves a screenshot of the sheet when NOBAT_SCREENSHOTS names a folder)', async () => {
    await page.emulateMedia({ media: 'print' });
    const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>('({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })');
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.emulateMedia({ media: 'screen' });
    const folder = process.env.NOBAT_SCREENSHOTS;
    if (folder) {
      mkdirSync(folder, { recursive: true });
      await page.locator('section.ledger').screenshot({ path: join(folder, 'print-ledger.png') });
    }
  });
});
