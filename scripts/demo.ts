// npm run demo: a hospital with an intensive care ward of 30 staff, its rota rules, a month of requests and leave,
// and a generated, published roster for the current Solar Hijri month, on an empty database (embedded under
// DATA_DIR as for npm start, or DATABASE_URL); then it keeps serving, as npm start does. Everything is made through
// the typed API as a head nurse and her nurses would make it, so it repeats no rule of the service.
import { randomBytes } from 'node:crypto';
import { toGregorian, toJalaali } from 'jalaali-js';
import pg from 'pg';
import { jalaliMonthPeriod } from '../server/calendar/jalali.js';
import { addDays, daysBetween } from '../server/calendar/iso-dates.js';
import { ConfigError, type Config } from '../server/config.js';
import { loadConfigOrExit } from '../server/process-lifecycle.js';
import { serve } from '../server/serve.js';
import { apiClient, type ApiClient } from './api-client.js';
import { watchJob } from './solve-progress.js';

/** The ward's people: a Persian name and the username it signs in with. The first is the head nurse. */
const STAFF: [name: string, username: string][] = [
  ['مریم احمدی', 'maryam.ahmadi'], ['زهرا محمدی', 'zahra.mohammadi'], ['فاطمه حسینی', 'fatemeh.hosseini'], ['سارا رضایی', 'sara.rezaei'],
  ['نرگس کریمی', 'narges.karimi'], ['لیلا موسوی', 'leila.mousavi'], ['الهام جعفری', 'elham.jafari'], ['مهسا کاظمی', 'mahsa.kazemi'],
  ['سمیه رحیمی', 'somayeh.rahimi'], ['زینب صادقی', 'zeinab.sadeghi'], ['معصومه نوری', 'masoumeh.nouri'], ['نازنین قاسمی', 'nazanin.ghasemi'],
  ['پریسا اکبری', 'parisa.akbari'], ['شیما عباسی', 'shima.abbasi'], ['الناز یوسفی', 'elnaz.yousefi'], ['فرزانه حیدری', 'farzaneh.heidari'],
  ['مینا زارعی', 'mina.zarei'], ['آزاده سلیمانی', 'azadeh.soleimani'], ['طاهره مرادی', 'tahereh.moradi'], ['رقیه شریفی', 'roghayeh.sharifi'],
  ['علی طاهری', 'ali.taheri'], ['رضا نجفی', 'reza.najafi'], ['حسین فرهادی', 'hossein.farhadi'], ['محمد باقری', 'mohammad.bagheri'],
  ['مهدی رستمی', 'mahdi.rostami'], ['امیر تهرانی', 'amir.tehrani'], ['سعید شیرازی', 'saeed.shirazi'], ['حمید اصفهانی', 'hamid.esfahani'],
  ['جواد ملکی', 'javad.maleki'], ['مجید هاشمی', 'majid.hashemi'],
];
/** The head nurse and the nine most senior nurses can take charge of a shift. */
const CHARGE_NURSES = 10;
/** The last six work part time. */
const PART_TIME = 6;
/** How long the roster is generated for, unless DEMO_SOLVE_SECONDS says otherwise. */
const SOLVE_SECONDS = 30;

/** The fixed public holidays of a Solar Hijri year (the lunar ones move every year and are left out). */
const FIXED_HOLIDAYS: [month: number, day: number, name: string][] = [
  [1, 1, 'نوروز'], [1, 2, 'نوروز'], [1, 3, 'نوروز'], [1, 4, 'نوروز'], [1, 12, 'روز جمهوری اسلامی'], [1, 13, 'روز طبیعت'],
  [3, 14, 'رحلت امام خمینی'], [3, 15, 'قیام ۱۵ خرداد'], [11, 22, 'پیروزی انقلاب اسلامی'], [12, 29, 'ملی شدن صنعت نفت'],
];

const isoDate = (gy: number, gm: number, gd: number) => `${gy}-${String(gm).padStart(2, '0')}-${String(gd).padStart(2, '0')}`;

class Refused extends Error {}

/** An empty database: no tables at all, or nobat's own with no account yet (migrated by a start, never set up). */
async function refuseUnlessEmpty(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'",
    );
    if (tables.rows.length === 0) return;
    const names = new Set(tables.rows.map((row) => row.name));
    if (!names.has('public.app_user')) throw new Refused(`it holds ${tables.rows.length} table(s) that are not nobat's`);
    const { rows } = await client.query<{ users: number }>('select count(*)::int as users from app_user');
    if (rows[0]!.users > 0) throw new Refused(`it holds ${rows[0]!.users} account(s)`);
  } finally {
    await client.end();
  }
}

/**
 * A nurse calls in sick for her next shift after today: the head nurse files the sick leave, approved at once, repairs
 * the published roster from today on with the fewest changes (docs/rota.md §11) and applies the proposal. Answers
 * what happened, or null when the nurse has no shift left after today in the month.
 */
async function callInSick(head: ApiClient, scheduleId: number, today: string, sickId: number, seconds: number): Promise<string | null> {
  const before = await head.rota.schedules.read.query({ id: scheduleId });
  const shift = before.assignments.find((cell) => cell.userId === sickId && cell.date > today);
  if (!shift) return null;
  const name = before.staff.find((member) => member.userId === sickId)?.name ?? '';
  await head.rota.requests.create.mutate({ userId: sickId, kind: 'leave', reason: 'sick', approve: true, date: shift.date, endDate: shift.date, note: 'تماس تلفنی صبح: بیمار است' });
  await head.rota.solve.start.mutate({ id: scheduleId, mode: 'repair', timeLimitSeconds: seconds });
  const job = await watchJob(async () => (await head.rota.solve.read.query({ id: scheduleId })).job, { json: false, out: process.stdout, label: 'repair' });
  if (job.status !== 'done' || !job.proposal) return `${name} called in sick for ${shift.date}; the repair ended ${job.status} without a proposal`;
  const { evaluation } = await head.rota.solve.applyProposal.mutate({ id: scheduleId, jobId: job.id });
  return `${name} called in sick for ${shift.date}; the head nurse applied a repair changing ${job.proposal.changes.length} cell(s): hard ${evaluation.score.hard}, soft ${evaluation.score.soft}`;
}

/**
 * Two nurses agree to exchange their different shifts of a day after today: the first offers, the second accepts, and
 * the swap waits for the head nurse's approval. Answers what happened, or null when they share no such day.
 */
async function offerSwap(head: ApiClient, from: { id: number; client: ApiClient }, to: { id: number; client: ApiClient }, scheduleId: number, today: string): Promise<string | null> {
  const { assignments } = await head.rota.schedules.read.query({ id: scheduleId });
  const theirs = new Map(assignments.filter((cell) => cell.userId === to.id).map((cell) => [cell.date, cell.shiftTypeId]));
  const day = assignments.find((cell) => cell.userId === from.id && cell.date > today && theirs.has(cell.date) && theirs.get(cell.date) !== cell.shiftTypeId);
  if (!day) return null;
  const { swap } = await from.client.rota.swaps.offer.mutate({ date: day.date, withUserId: to.id, note: 'یک کار شخصی دارم، ممنون می‌شوم' });
  await to.client.rota.swaps.accept.mutate({ id: swap.id });
  return `two nurses agreed to swap their shifts of ${day.date}; the swap waits for the head nurse's approval`;
}

async function seedDemo(url: string, config: Config, solveSeconds: number): Promise<string[]> {
  const log = (line: string) => console.log(`demo: ${line}`);
  const password = randomBytes(9).toString('base64url');
  const adminPassword = randomBytes(9).toString('base64url');
  const admin = apiClient(url);

  if (!(await admin.setup.status.query()).needsSetup) throw new Refused('it has been set up already');
  log('hospital, intensive care ward and super administrator');
  await admin.setup.run.mutate({ hospitalName: 'بیمارستان امام خمینی', wardName: 'بخش مراقبت‌های ویژه (ICU)', name: 'مدیر سامانه', username: 'admin', password: adminPassword });
  const { today, ward } = await admin.auth.me.query();

  log(`${STAFF.length} staff, each accepting an invitation`);
  const people: { id: number; client: ApiClient }[] = [];
  for (const [index, [name, username]] of STAFF.entries()) {
    const { token } = await admin.invites.issue.mutate({ role: index === 0 ? 'head_nurse' : 'staff', name, category: index === 0 ? 'سرپرستار' : 'پرستار' });
    const client = apiClient(url);
    const { user } = await client.invites.accept.mutate({ token, name, username, password });
    people.push({ id: user.id, client });
  }
  const head = people[0]!.client;

  log('holidays of the year');
  const jalaliToday = toJalaali(...(today.split('-').map(Number) as [number, number, number]));
  for (const [month, day, name] of FIXED_HOLIDAYS) {
    const { gy, gm, gd } = toGregorian(jalaliToday.jy, month, day);
    await admin.rota.holidays.create.mutate({ date: isoDate(gy, gm, gd), name });
  }

  log('shift types, contracts, staff profiles and coverage');
  const shift = async (code: string, name: string, start: string, end: string, maxConsecutive: number) =>
    (await head.rota.shiftTypes.create.mutate({ code, name, start, end, maxConsecutive })).shiftType.id;
  const morning = await shift('M', 'صبح', '07:00', '14:00', 6);
  const evening = await shift('E', 'عصر', '14:00', '21:00', 5);
  const night = await shift('N', 'شب', '21:00', '07:00', 3);
  // After a night no day or evening shift the next day, and no morning after an evening.
  await head.rota.shiftTypes.update.mutate({ id: night, forbiddenNext: [morning, evening] });
  await head.rota.shiftTypes.update.mutate({ id: evening, forbiddenNext: [morning] });
  const fullTime = (
    await head.rota.contracts.create.mutate({ name: 'تمام‌وقت', minAssignments: 16, maxAssignments: 22, maxConsecutiveWorkingDays: 6, minConsecutiveDaysOff: 1, maxWorkingWeekends: 3 })
  ).contract.id;
  const partTime = (await head.rota.contracts.create.mutate({ name: 'پاره‌وقت', minAssignments: 8, maxAssignments: 13, maxConsecutiveWorkingDays: 4, maxWorkingWeekends: 2 })).contract.id;
  for (const [index, person] of people.entries()) {
    await head.rota.staff.setProfile.mutate({
      userId: person.id,
      skills: index < CHARGE_NURSES ? ['nurse', 'charge'] : ['nurse'],
      contractId: index >= people.length - PART_TIME ? partTime : fullTime,
    });
  }
  // Every day: a charge nurse on each shift, and beside them nurses at least `minimum`, `optimal` at best.
  const needs: [shiftTypeId: number, skill: string, minimum: number, optimal: number][] = [
    [morning, 'charge', 1, 1], [morning, 'nurse', 4, 5],
    [evening, 'charge', 1, 1], [evening, 'nurse', 4, 4],
    [night, 'charge', 1, 1], [night, 'nurse', 3, 4],
  ];
  await head.rota.coverage.replace.mutate({
    coverage: needs.flatMap(([shiftTypeId, skill, minimum, optimal]) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ shiftTypeId, skill, weekday, minimum, optimal }))),
  });

  const month = `${jalaliToday.jy}-${String(jalaliToday.jm).padStart(2, '0')}`;
  const { startDate, endDate } = jalaliMonthPeriod(month);
  const days = daysBetween(startDate, endDate) + 1;
  const day = (index: number) => addDays(startDate, index % days);

  log(`a month of requests and leave (${month}: ${startDate} to ${endDate})`);
  for (const [index, person] of people.entries()) {
    if (index === 0) continue;
    const own = person.client.rota.requests.create;
    await own.mutate({ kind: 'day_off', date: day(index * 3), note: 'کار شخصی' });
    if (index % 3 === 0) await own.mutate({ kind: 'shift_off', date: day(index * 5 + 2), shiftTypeId: night });
    if (index % 4 === 1) await own.mutate({ kind: 'shift_on', date: day(index * 7 + 4), shiftTypeId: morning });
  }
  const leave = async (index: number, from: number, to: number, note: string) =>
    (await people[index]!.client.rota.requests.create.mutate({ kind: 'leave', date: day(from), endDate: day(to), note })).request.id;
  await head.rota.requests.approve.mutate({ id: await leave(5, 7, 11, 'سفر خانوادگی'), note: 'سفر خوش' });
  await head.rota.requests.approve.mutate({ id: await leave(12, 14, 17, 'مراسم عروسی خواهر') });
  await head.rota.requests.reject.mutate({ id: await leave(20, 21, 23, 'استراحت'), note: 'در این روزها نیرو کم داریم' });
  await leave(27, 24, 26, 'دوره آموزشی');

  log(`the roster of ${month}, generated for ${solveSeconds} s`);
  const { schedule } = await head.rota.schedules.create.mutate({ jalaliMonth: month });
  await head.rota.solve.start.mutate({ id: schedule.id, timeLimitSeconds: solveSeconds });
  const job = await watchJob(async () => (await head.rota.solve.read.query({ id: schedule.id })).job, { json: false, out: process.stdout });
  if (job.status !== 'done') throw new Error(`the roster's generation ended ${job.status}`);
  await head.rota.schedules.publish.mutate({ id: schedule.id });
  const sickCall = await callInSick(head, schedule.id, today, people[15]!.id, Math.min(solveSeconds, 20));
  if (sickCall) log(sickCall);
  const swap = await offerSwap(head, people[1]!, people[2]!, schedule.id, today);
  if (swap) log(swap);
  const published = (await head.rota.schedules.read.query({ id: schedule.id })).schedule;

  const nurse = STAFF[1]!;
  return [
    '',
    `nobat's demo ward is ready at ${url}`,
    `  ${ward?.name ?? ''}: ${STAFF.length} staff, the roster of ${month} (${startDate} to ${endDate}) published, hard ${published.score.hard}, soft ${published.score.soft}`,
    `  head nurse     ${STAFF[0]![0]}   username ${STAFF[0]![1]}   password ${password}`,
    `  nurse          ${nurse[0]}   username ${nurse[1]}   password ${password}   (every nurse has this password)`,
    `  administrator  username admin   password ${adminPassword}`,
    `  API documentation: ${url}/api/docs`,
    'Serving until Ctrl-C. Later, `npm start` serves the same data' + (config.databaseUrl ? ' (same DATABASE_URL).' : ` (DATA_DIR ${config.dataDir}).`),
  ];
}

async function main(): Promise<void> {
  let solveSeconds = SOLVE_SECONDS;
  const config = loadConfigOrExit('nobat demo', () => {
    const raw = process.env.DEMO_SOLVE_SECONDS?.trim();
    if (!raw) return;
    solveSeconds = Number(raw);
    if (!/^\d+$/.test(raw) || solveSeconds < 1 || solveSeconds > 600) throw new ConfigError('DEMO_SOLVE_SECONDS', `must be a whole number between 1 and 600, got "${raw}"`);
  });
  // An existing database is checked before anything is written to it, migrations included; the embedded one,
  // which only nobat uses, once it has started.
  if (config.databaseUrl) await refuseUnlessEmpty(config.databaseUrl);
  const serving = await serve(config);
  try {
    for (const line of await seedDemo(serving.url, config, solveSeconds)) console.log(line);
  } catch (error) {
    await serving.stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof Refused) {
    console.error(`nobat demo: refused: the database is not empty (${error.message}). The demo only fills an empty one: give it a new DATA_DIR or DATABASE_URL.`);
  } else {
    console.error(`nobat demo: failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
