import { createHash } from 'node:crypto';
import { toPlainText } from '../../shared/schemas/fields.js';
import { weekdayOf } from '../calendar/iso-dates.js';
import type { TLedgerResponse, TLedgerRow } from '../../shared/schemas/rota/ledger.js';
import type { RosterSheet } from '../services/rota/views/load-roster-sheet.js';

/** Where the service serves the page's typeface (Vazirmatn, from its npm package). */
export const PRINT_FONT_PATH = '/assets/fonts/vazirmatn.woff2';

/** Background and ink of the shift types' cells, by their order on the sheet: pale enough to print, distinct on paper. */
const PALETTE: readonly [string, string][] = [
  ['#dbeafe', '#1e3a8a'],
  ['#fef3c7', '#92400e'],
  ['#ede9fe', '#5b21b6'],
  ['#dcfce7', '#166534'],
  ['#fee2e2', '#991b1b'],
  ['#cffafe', '#155e75'],
  ['#fce7f3', '#9d174d'],
  ['#e0e7ff', '#3730a3'],
  ['#ffedd5', '#9a3412'],
  ['#e2e8f0', '#1e293b'],
];

// One fixed stylesheet for every page, so that the Content-Security-Policy can name it by its hash.
const STYLE = `
@font-face { font-family: Vazirmatn; src: url(${PRINT_FONT_PATH}) format('woff2'); font-weight: 100 900; font-display: block; }
@page { size: A4 landscape; margin: 8mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; padding: 8mm; font-family: Vazirmatn, sans-serif; color: #1f2937; background: #fff; font-size: 10px; }
@media print { body { padding: 0; } }
header { display: flex; align-items: baseline; justify-content: space-between; gap: 12px; margin-bottom: 6px; }
h1 { font-size: 17px; font-weight: 700; margin: 0; }
.period { font-size: 12px; font-weight: 500; margin: 0; color: #374151; }
.draft { font-size: 11px; font-weight: 700; color: #b91c1c; border: 1.5px solid #b91c1c; border-radius: 4px; padding: 0 6px; }
table.roster { width: 100%; border-collapse: collapse; table-layout: fixed; }
.roster th, .roster td { border: 1px solid #c7ccd3; text-align: center; padding: 0; height: 19px; line-height: 1.15; overflow: hidden; white-space: nowrap; }
.roster thead th { background: #f3f4f6; font-weight: 600; vertical-align: bottom; padding: 2px 0; }
.roster thead th.day .num { display: block; font-size: 11px; font-weight: 700; }
.roster thead th.day .wd { display: block; font-size: 9px; font-weight: 400; color: #4b5563; }
.roster thead th.day .month { display: block; font-size: 8px; font-weight: 700; color: #1d4ed8; }
.roster col.name { width: 27mm; }
.roster col.total { width: 9mm; }
.roster th.name { text-align: right; padding: 0 4px; border-left: 2px solid #6b7280; }
.roster tbody th.name { font-weight: 500; font-size: 10.5px; text-overflow: ellipsis; background: #fff; }
.roster th.total { font-size: 9px; }
.roster td.total { font-weight: 600; background: #f9fafb; }
.roster td.total.first, .roster th.total.first { border-right: 2px solid #6b7280; }
.roster tbody tr:nth-child(5n) td { border-bottom: 1.5px solid #9ca3af; }
.roster td.cell { font-weight: 700; font-size: 11px; }
/* Every other row faintly tinted, so that an eye follows a person across the month. */
.roster tbody tr.alt th.name, .roster tbody tr.alt td.cell { background: #f5f6f8; }
/* The Persian week starts on Saturday: a firmer line before it. */
.roster .ws { border-right: 1.5px solid #6b7280; }
.roster tbody td.cell.we { background: #e5e7eb; }
.roster tbody td.cell.ho { background: #fde2e2; }
.roster thead th.we .num, .roster thead th.ho .num { color: #b91c1c; }
.roster thead th.we, .roster thead th.ho { background: #e5e7eb; }
.roster thead th.ho { background: #fbcfcf; }
${PALETTE.map(([paper, ink], index) => `.roster tbody td.cell.s${index} { background: ${paper}; color: ${ink}; }`).join('\n')}
footer { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 14px; margin-top: 6px; font-size: 10px; }
.key { display: inline-flex; align-items: center; gap: 4px; }
.swatch { display: inline-block; min-width: 20px; padding: 0 3px; text-align: center; font-weight: 700; border: 1px solid #c7ccd3; border-radius: 2px; }
.swatch.we { background: #e5e7eb; }
.swatch.ho { background: #fbcfcf; }
${PALETTE.map(([paper, ink], index) => `.swatch.s${index} { background: ${paper}; color: ${ink}; }`).join('\n')}
.holidays { flex-basis: 100%; margin: 0; color: #4b5563; }
section.ledger { break-before: page; margin-top: 12mm; }
@media print { section.ledger { margin-top: 0; } }
.ledger h2 { font-size: 15px; font-weight: 700; margin: 0; }
table.ledger { width: 100%; border-collapse: collapse; margin-top: 6px; table-layout: fixed; }
.ledger col.name { width: 40mm; }
.ledger th, .ledger td { border: 1px solid #c7ccd3; text-align: center; padding: 1px 4px; height: 19px; white-space: nowrap; }
.ledger thead th { background: #f3f4f6; font-weight: 600; font-size: 9.5px; }
.ledger thead th.group { font-size: 10.5px; font-weight: 700; }
.ledger th.name { text-align: right; border-left: 2px solid #6b7280; }
.ledger tbody th.name { font-weight: 500; font-size: 10.5px; overflow: hidden; text-overflow: ellipsis; }
.ledger thead th { white-space: normal; }
.ledger td { font-size: 10.5px; }
.ledger tbody tr { break-inside: avoid; }
.ledger tbody tr:nth-child(5n) td, .ledger tbody tr:nth-child(5n) th { border-bottom: 1.5px solid #9ca3af; }
.ledger tbody tr.alt th.name, .ledger tbody tr.alt td { background: #f5f6f8; }
.ledger .first { border-right: 2px solid #6b7280; }
.ledger td.dev { font-weight: 600; }
.ledger td.dev.under { color: #1e40af; }
.ledger tbody tr td.dev.most { background: #fecaca; color: #7f1d1d; font-weight: 800; box-shadow: inset 0 0 0 1.5px #b91c1c; }
.ledger tfoot th, .ledger tfoot td { background: #eef2f7; font-weight: 700; border-top: 2px solid #6b7280; }
.ledger .note { margin: 5px 0 0; font-size: 9.5px; color: #4b5563; }
.ledger .note .swatch.most { background: #fecaca; color: #7f1d1d; box-shadow: inset 0 0 0 1.5px #b91c1c; border: 0; }
.ledger .empty { margin: 8px 0 0; font-size: 11px; }
`;

/** The Content-Security-Policy of the page: nothing but its own stylesheet and the service's font. */
export const ROSTER_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "font-src 'self'",
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const persianDay = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', day: 'numeric' });
const persianWeekday = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', weekday: 'narrow' });
const persianWeekdayName = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', weekday: 'long' });
const persianMonth = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', month: 'long' });
const persianDate = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const persianNumber = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 });
const persianInteger = new Intl.NumberFormat('fa-IR', { useGrouping: false });

const persianSigned = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

const SATURDAY = 6;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const clock = (minute: number) => `${persianInteger.format(Math.floor(minute / 60)).padStart(2, '۰')}:${persianInteger.format(minute % 60).padStart(2, '۰')}`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Text of a user's choosing in an attribute or the title: escaped, its bidirectional controls and control characters dropped. */
const attributeText = (text: string) => escapeHtml(toPlainText(text));

/** Text of a user's choosing in the page: isolated in `<bdi>`, so that its direction never reorders what follows it. */
const userText = (text: string) => `<bdi>${attributeText(text)}</bdi>`;

/** Shifts, hours and nights (shifts ending on the next day) of one row. */
function totals(sheet: RosterSheet, cells: (number | null)[]): { shifts: number; hours: number; nights: number } {
  let shifts = 0;
  let minutes = 0;
  let nights = 0;
  for (const cell of cells) {
    if (cell === null) continue;
    const type = sheet.shiftTypes[cell]!;
    shifts++;
    minutes += type.minutes;
    if (type.endsNextDay) nights++;
  }
  return { shifts, hours: minutes / 60, nights };
}

/** The ward's ledger over a range, printed after the roster (docs/rota.md §13). */
export interface LedgerSheet {
  from: string;
  to: string;
  ledger: TLedgerResponse;
}

const DEVIATIONS = ['nights', 'weekendsWorked', 'holidaysWorked'] as const;

/**
 * The ledger as a sheet of its own: one row per person with their figures and, in the last three columns, how far their
 * nights, weekends and holidays lie from their full-time share, each column's largest excess marked; the ward's
 * figure per full-time person at the foot.
 */
function ledgerSection(ward: string, { from, to, ledger }: LedgerSheet): string {
  const largest = Object.fromEntries(DEVIATIONS.map((key) => [key, Math.max(0, ...ledger.rows.map((row) => row.deviation[key]))])) as Record<(typeof DEVIATIONS)[number], number>;
  const deviationCell = (row: TLedgerRow, key: (typeof DEVIATIONS)[number], index: number) => {
    const value = row.deviation[key];
    const shown = persianSigned.format(value);
    const marks = [index === 0 ? 'first' : '', value > 0 && value === largest[key] ? 'most' : '', value < 0 && shown.includes('\u2212') ? 'under' : ''].filter(Boolean).join(' ');
    return `<td class="dev ${marks}" data-deviation="${key}" data-value="${value}">${shown}</td>`;
  };
  const rows = ledger.rows
    .map(
      (row, r) =>
        `<tr data-user-id="${row.userId}"${r % 2 ? ' class="alt"' : ''}><th scope="row" class="name" title="${attributeText(row.name)}">${userText(row.name)}</th>` +
        `<td>${persianInteger.format(row.assignments)}</td><td>${persianNumber.format(row.minutes / 60)}</td><td>${persianInteger.format(row.nights)}</td>` +
        `<td>${persianInteger.format(row.weekendsWorked)}</td><td>${persianInteger.format(row.holidaysWorked)}</td>` +
        `<td class="first">${persianInteger.format(row.preferencesHonoured)}</td><td>${persianInteger.format(row.preferencesBroken)}</td>` +
        `<td class="first">${persianInteger.format(row.changesAfterPublication)}</td>` +
        `${DEVIATIONS.map((key, index) => deviationCell(row, key, index)).join('')}</tr>`,
    )
    .join('\n');
  const perFullTime = ledger.ward.perFullTime;
  const body = ledger.rows.length
    ? `<table class="ledger" id="ledger">
<colgroup><col class="name">${'<col>'.repeat(11)}</colgroup>
<thead>
<tr><th scope="col" rowspan="2" class="name">نام</th><th scope="colgroup" colspan="5" class="group">کار در برنامه‌های منتشرشده</th><th scope="colgroup" colspan="2" class="group first">درخواست‌ها</th><th scope="col" rowspan="2" class="first">تغییر پس از انتشار</th><th scope="colgroup" colspan="3" class="group first">اختلاف با سهم خود</th></tr>
<tr><th scope="col">شیفت</th><th scope="col">ساعت</th><th scope="col">شب</th><th scope="col">آخر هفته</th><th scope="col">تعطیل</th><th scope="col" class="first">رعایت‌شده</th><th scope="col">رعایت‌نشده</th><th scope="col" class="first">شب</th><th scope="col">آخر هفته</th><th scope="col">تعطیل</th></tr>
</thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" class="name">هر نیروی تمام‌وقت</th><td>${persianNumber.format(perFullTime.assignments)}</td><td></td><td>${persianNumber.format(perFullTime.nights)}</td><td>${persianNumber.format(perFullTime.weekendsWorked)}</td><td>${persianNumber.format(perFullTime.holidaysWorked)}</td><td class="first" colspan="2"></td><td class="first"></td><td class="first" colspan="3"></td></tr></tfoot>
</table>
<p class="note">اختلاف: رقم هر نفر منهای سهم او از رقم هر نیروی تمام‌وقت (سهم: سقف شیفت قرارداد او بر بیشترین سقف بخش)؛ مثبت یعنی بیش از سهم خود. <span class="swatch most">&nbsp;</span> بیشترین اختلاف هر ستون.</p>`
    : '<p class="empty">در این بازه برنامهٔ منتشرشده‌ای نیست.</p>';
  return `<section class="ledger">
<header>
<h2>دفتر سهم کار ${userText(ward)}</h2>
<p class="period">${persianDate.format(utc(from))} تا ${persianDate.format(utc(to))} — ${persianInteger.format(ledger.ward.staff)} نفر</p>
</header>
${body}
</section>`;
}

/**
 * docs/rota.md §9's printed roster: a right-to-left Persian page, one row per person and one column per day headed
 * by its Solar Hijri day and weekday, weekends and holidays shaded, shift codes coloured by type, each row's
 * totals at its end, and a legend; sized for A4 landscape. It loads nothing but the service's own font.
 */
export function rosterPage(sheet: RosterSheet, ledger?: LedgerSheet): string {
  const holidays = new Map(sheet.holidays.map((holiday) => [holiday.date, holiday.name]));
  const columnClass = sheet.dates.map((date, d) => {
    const weekday = weekdayOf(date);
    const shade = holidays.has(date) ? 'ho' : sheet.weekendDays.includes(weekday) ? 'we' : '';
    return [shade, weekday === SATURDAY && d > 0 ? 'ws' : ''].filter(Boolean).join(' ');
  });
  const weekStart = sheet.dates.map((date, d) => (weekdayOf(date) === SATURDAY && d > 0 ? ' ws' : ''));
  const swatch = (index: number) => `s${index % PALETTE.length}`;
  const firstMonth = persianMonth.format(utc(sheet.dates[0]!));
  const lastMonth = persianMonth.format(utc(sheet.dates.at(-1)!));
  const wardName = attributeText(sheet.ward.name);
  const months = firstMonth === lastMonth ? firstMonth : `${firstMonth} و ${lastMonth}`;

  const head = sheet.dates
    .map((date, d) => {
      const day = persianDay.format(utc(date));
      // The month's name over its first day, and over the first column.
      const month = d === 0 || day === '۱' ? `<span class="month">${persianMonth.format(utc(date))}</span>` : '';
      const holiday = holidays.get(date);
      const label = `${persianDate.format(utc(date))}، ${persianWeekdayName.format(utc(date))}${holiday ? ` — ${holiday}` : ''}`;
      return `<th scope="col" class="day ${columnClass[d]}" data-date="${date}" title="${attributeText(label)}">${month}<span class="num">${day}</span><span class="wd">${persianWeekday.format(utc(date))}</span></th>`;
    })
    .join('');

  const rows = sheet.people
    .map((person, p) => {
      const sum = totals(sheet, person.cells);
      const cells = person.cells
        .map((cell, d) => (cell === null ? `<td class="cell ${columnClass[d]}"></td>` : `<td class="cell ${swatch(cell)}${weekStart[d]}">${escapeHtml(sheet.shiftTypes[cell]!.code)}</td>`))
        .join('');
      return (
        `<tr data-user-id="${person.userId}"${p % 2 ? ' class="alt"' : ''}><th scope="row" class="name" title="${attributeText(person.name)}">${userText(person.name)}</th>${cells}` +
        `<td class="total first">${persianInteger.format(sum.shifts)}</td><td class="total">${persianNumber.format(sum.hours)}</td><td class="total">${persianInteger.format(sum.nights)}</td></tr>`
      );
    })
    .join('\n');

  const legend = sheet.shiftTypes
    .map(
      (type, index) =>
        `<span class="key"><span class="swatch ${swatch(index)}">${escapeHtml(type.code)}</span>${userText(type.name)} (${clock(type.startMinute)}–${clock(type.endMinute)}${type.endsNextDay ? '، تا روز بعد' : ''})</span>`,
    )
    .join('');
  const holidayList = sheet.holidays.length
    ? `<p class="holidays">تعطیلات: ${sheet.holidays.map((holiday) => `${persianDate.format(utc(holiday.date))} (${userText(holiday.name)})`).join('، ')}</p>`
    : '';

  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>برنامهٔ شیفت ${wardName} — ${months}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>برنامهٔ شیفت ${userText(sheet.ward.name)}</h1>
${sheet.schedule.status === 'draft' ? '<span class="draft">پیش‌نویس — منتشر نشده</span>' : ''}
<p class="period">${persianDate.format(utc(sheet.dates[0]!))} تا ${persianDate.format(utc(sheet.dates.at(-1)!))}</p>
</header>
<table class="roster" id="roster">
<colgroup><col class="name">${'<col>'.repeat(sheet.dates.length)}<col class="total"><col class="total"><col class="total"></colgroup>
<thead><tr><th scope="col" class="name">نام</th>${head}<th scope="col" class="total first">شیفت</th><th scope="col" class="total">ساعت</th><th scope="col" class="total">شب</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<footer>
${legend}
<span class="key"><span class="swatch we">&nbsp;</span>آخر هفته</span>
<span class="key"><span class="swatch ho">&nbsp;</span>تعطیل</span>
${holidayList}
</footer>
${ledger ? ledgerSection(sheet.ward.name, ledger) : ''}
</body>
</html>
`;
}
