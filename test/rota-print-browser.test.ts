import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { Holiday } from '../server/db/entities/holiday.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { addDays } from '../server/calendar/iso-dates.js';
import { BROWSER_LAUNCH_TIMEOUT, launchBrowser } from './support/browser.js';
import { insertSignedInUser, insertUser, setUpInstallation } from './support/fixtures.js';
import { insertProfile } from './support/schedules-api.js';
import { useTestServer } from './support/suite.js';
import { createShiftType, scheduleWith, type Cell } from './support/views-api.js';

// Farvardin 1406: 31 days, 2027-03-21 to 2027-04-20, with the Nowruz holidays.
const FIRST_DAY = '2027-03-21';
const DAYS = 31;
const HOLIDAYS: [string, string][] = [
  ['2027-03-21', 'نوروز'],
  ['2027-03-22', 'نوروز'],
  ['2027-03-23', 'نوروز'],
  ['2027-03-24', 'نوروز'],
  ['2027-04-01', 'روز جمهوری اسلامی'],
  ['2027-04-02', 'سیزده‌به‌در'],
];
const NAMES = [
  'مریم احمدی', 'زهرا حسینی', 'فاطمه رضایی', 'سارا محمدی', 'نرگس کریمی', 'لیلا موسوی', 'الهام جعفری', 'مهسا قاسمی',
  'سمیه صادقی', 'اعظم رحیمی', 'پریسا نوری', 'شیرین کاظمی', 'منیژه عباسی', 'نازنین یزدانی', 'آزاده فرهادی', 'مینا شریفی',
  'طاهره اکبری', 'رویا کامرانی', 'ندا امیری', 'فرزانه حیدری', 'علی مرادی', 'رضا نجفی', 'حسین زمانی', 'محمد صالحی',
  'سعید باقری', 'کوثر سلطانی', 'هانیه ملکی', 'عاطفه طاهری', 'ساناز قربانی', 'معصومه خسروی‌نژاد اصفهانی',
];
// A rotation as wards run it: mornings, evenings, a night, then days off; each person starts at another point.
const ROTATION = ['M', 'M', 'E', 'E', 'N', null, null, 'M', 'L', null] as const;

describe('the printed roster in a browser', () => {
  const server = useTestServer();
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const installation = await setUpInstallation(server);
    const em = server.em();
    for (const [date, name] of HOLIDAYS) em.create(Holiday, { hospital: em.getReference(Hospital, installation.hospitalId), date, name, createdAt: server.clock.now() });
    await em.flush();

    const head = await insertSignedInUser(server, installation, { username: 'head', password: 'head-password-1', role: 'manager', name: 'سرپرستار' });
    const types = {
      M: await createShiftType(head.client, { code: 'ص', name: 'صبح', start: '07:30', end: '14:00' }),
      E: await createShiftType(head.client, { code: 'ع', name: 'عصر', start: '14:00', end: '20:00' }),
      N: await createShiftType(head.client, { code: 'ش', name: 'شب', start: '20:00', end: '07:30' }),
      L: await createShiftType(head.client, { code: 'صع', name: 'صبح و عصر', start: '07:30', end: '20:00' }),
    };
    const cells: Cell[] = [];
    for (const [p, name] of NAMES.entries()) {
      const userId = await insertUser(server, { hospitalId: installation.hospitalId, wardId: installation.wardId, username: `nurse${p}`, password: 'nurse-password-1', name });
      await insertProfile(server, userId, ['nurse']);
      for (let d = 0; d < DAYS; d++) {
        const kind = ROTATION[(d + p * 3) % ROTATION.length]!;
        if (kind) cells.push({ userId, date: addDays(FIRST_DAY, d), shiftTypeId: types[kind] });
      }
    }
    const id = await scheduleWith(head.client, { jalaliMonth: '1406-01' }, cells);

    // An A4 landscape sheet at 96 dpi, drawn at 1.5 × so that the screenshot stays legible.
    const context = await browser.newContext({ viewport: { width: 1123, height: 794 }, deviceScaleFactor: 1.5, locale: 'fa-IR' });
    await context.addCookies([{ name: 'nobat_sid', value: head.client.sessionCookie!, url: server.url }]);
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const response = await page.goto(`${server.url}/api/rota/schedules/${id}/print`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
  }, BROWSER_LAUNCH_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no console error (a CSP violation would be one) and makes no request outside the service', async () => {
    expect(consoleErrors).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
    expect(requests).toContain(`${server.url}/assets/fonts/vazirmatn.woff2`);
  });

  it('sets its text in Vazirmatn, right to left', async () => {
    expect(await page.evaluate("document.fonts.check('12px Vazirmatn')")).toBe(true);
    expect(await page.evaluate('getComputedStyle(document.body).direction')).toBe('rtl');
  });

  it('has one row per person and one column per day, with the totals at the end of each row', async () => {
    expect(await page.locator('#roster tbody tr').count()).toBe(NAMES.length);
    expect(await page.locator('#roster thead th.day').count()).toBe(DAYS);
    const rows = await page.$$eval('#roster tbody tr', (trs) => trs.map((tr) => ({ cells: tr.querySelectorAll('td.cell').length, totals: tr.querySelectorAll('td.total').length })));
    expect(rows).toEqual(new Array(NAMES.length).fill({ cells: DAYS, totals: 3 }));
    // Farvardin's first day heads the first column; Nowruz is shaded as holidays, Fridays as the weekend.
    expect(await page.locator('#roster thead th.day').first().getAttribute('data-date')).toBe(FIRST_DAY);
    expect(await page.locator('#roster thead th.day.ho').count()).toBe(HOLIDAYS.length);
    expect(await page.locator('#roster thead th.day.we').count()).toBeGreaterThanOrEqual(3);
  });

  it('fits the grid on one A4 landscape sheet when printed', async () => {
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });

  it('fits an A4 landscape window without sideways scrolling (and saves a screenshot of it when NOBAT_SCREENSHOTS names a folder)', async () => {
    await page.emulateMedia({ media: 'print' });
    const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>('({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })');
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.emulateMedia({ media: 'screen' });
    const folder = process.env.NOBAT_SCREENSHOTS;
    if (folder) {
      mkdirSync(folder, { recursive: true });
      // On screen the page keeps a margin like the printed sheet's.
      await page.screenshot({ path: join(folder, 'print-roster.png'), fullPage: true });
    }
  });
});
