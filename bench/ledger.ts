// npm run bench:ledger: GET /api/rota/ledger of a 120-person ward over 12 published monthly schedules (docs/rota.md §13;
// the target is an answer within 200 ms). Starts the built service on a fresh database, loads INRC-II n120w4_1_4-6-2-6
// into a ward through the API as `npm run admin -- rota:import-inrc2` does (120 nurses, their contracts and skills),
// then through the API: the Solar Hijri year 1406 (2027-03-21 to 2028-03-19) as twelve monthly schedules, each filled
// (five days of seven), given a day-off request per nurse before it is published, published, and edited after (60
// cells a month, audited), and 25 holidays. Times sequential requests over loopback for the year's ledger, as JSON and
// as CSV, beside two yardsticks of the same run: GET /api/me (the lightest signed-in request) and GET …/evaluation of
// one of the months (one schedule scored by the evaluator, the evaluation route whose target is 100 ms).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchWard } from './bench-ward.ts';
import { openBenchDatabase } from './database.ts';
import { latencyFigures, spawnBuiltService, stopAll } from './processes.ts';

type ImportModule = typeof import('../scripts/rota/import-inrc2.ts');
type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type DatesModule = typeof import('../server/calendar/iso-dates.ts');
type OrmModule = typeof import('../server/db/orm.ts');
type LedgerModule = typeof import('../server/services/rota/ledger/read-ledger.ts');

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATASET = join(ROOT, 'data', 'inrc2', 'n120w4');
const INSTANCE = 'n120w4_1_4-6-2-6';
const MONDAY = '2027-01-04';
const YEAR = 1406;
const FROM = '2027-03-21';
const TO = '2028-03-19';
const EDITS_PER_MONTH = 60;
const HOLIDAYS = 25;
const WARMUP = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_MS = 200;

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const load = <T>(path: string) => import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<T>;

const tmp = mkdtempSync(join(tmpdir(), 'nobat-bench-ledger-'));
chmodSync(tmp, 0o755);
const db = await openBenchDatabase(process.env.DATABASE_URL || undefined, join(tmp, 'pg'));
try {
  const service = await spawnBuiltService(ROOT, tmp, db.url);
  const { importInrc2 } = await load<ImportModule>('scripts/rota/import-inrc2.js');
  const { readInrc2Instance } = await load<Inrc2Module>('server/rota/inrc2/index.js');
  const { addDays, daysBetween } = await load<DatesModule>('server/calendar/iso-dates.js');

  const { client, fetch: fetchAsAdmin, wardId } = await benchWard(service.url, INSTANCE);

  log(`loading ${INSTANCE} through the API`);
  const instance = readInrc2Instance(DATASET, INSTANCE);
  const loaded = await importInrc2(client, instance, { start: MONDAY, usernamePrefix: 'n120-', password: 'nurse-password-1' });
  const people = loaded.userIds;
  const types = loaded.shiftTypeIds;

  for (let h = 0; h < HOLIDAYS; h++) await client.rota.holidays.create.mutate({ date: addDays(FROM, h * 14 + 3), name: `Holiday ${h + 1}` });

  const monthIds: number[] = [];
  let cells = 0;
  for (let month = 1; month <= 12; month++) {
    const { schedule } = await client.rota.schedules.create.mutate({ jalaliMonth: `${YEAR}-${String(month).padStart(2, '0')}` });
    log(`month ${month}: ${schedule.startDate} to ${schedule.endDate}`);
    const days = daysBetween(schedule.startDate, schedule.endDate) + 1;
    const offset = daysBetween(FROM, schedule.startDate);
    // Each nurse works five days of seven on a shift type that changes weekly, and asks for one day off a month.
    const set = [];
    for (const [p, userId] of people.entries()) {
      for (let d = 0; d < days; d++) {
        const day = offset + d;
        if ((day + p) % 7 >= 5) continue;
        set.push({ userId, date: addDays(schedule.startDate, d), shiftTypeId: types[(p + Math.floor(day / 7)) % types.length]! });
      }
      await client.rota.requests.create.mutate({ kind: 'day_off', userId, date: addDays(schedule.startDate, (p * 7) % days) });
    }
    cells += set.length;
    const filled = await client.rota.schedules.setAssignments.mutate({ id: schedule.id, version: schedule.version, set });
    await client.rota.schedules.publish.mutate({ id: schedule.id, acceptViolations: true });
    // After publication: some cells change shift type, some are cleared.
    const edits = set.slice(0, EDITS_PER_MONTH).map((cell, i) => ({ ...cell, shiftTypeId: i % 3 === 0 ? null : types[(types.indexOf(cell.shiftTypeId) + 1) % types.length]! }));
    await client.rota.schedules.setAssignments.mutate({ id: schedule.id, version: filled.schedule.version, set: edits });
    monthIds.push(schedule.id);
  }

  const timed = async (url: string, runs: number) => {
    const one = async () => {
      const started = performance.now();
      const response = await fetchAsAdmin(url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < WARMUP; i++) await one();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await one());
    return latencyFigures(samples);
  };
  const range = `from=${FROM}&to=${TO}`;
  const answer = (await (await fetchAsAdmin(`${service.url}/api/rota/ledger?${range}`)).json()) as { rows: unknown[]; ward: { perFullTime: unknown } };
  log(`timing (${RUNS} requests of each)`);
  const json = await timed(`${service.url}/api/rota/ledger?${range}`, RUNS);
  const csv = await timed(`${service.url}/api/rota/ledger.csv?${range}`, RUNS);
  const me = await timed(`${service.url}/api/me`, RUNS);
  const evaluation = await timed(`${service.url}/api/rota/schedules/${monthIds[5]}/evaluation`, RUNS);

  // The ledger's service in this process: the same work without HTTP.
  const { openOrm } = await load<OrmModule>('server/db/orm.js');
  const { readLedger } = await load<LedgerModule>('server/services/rota/ledger/read-ledger.js');
  const orm = await openOrm(db.url);
  const direct: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now();
      await readLedger(orm.em.fork(), { wardId, from: FROM, to: TO });
      if (i >= WARMUP) direct.push(performance.now() - started);
    }
  } finally {
    await orm.close();
  }

  console.log(`GET /api/rota/ledger, ${FROM} to ${TO}: ${people.length} people, 12 published monthly schedules, ${cells} cells, ${12 * EDITS_PER_MONTH} edited after publication, ${HOLIDAYS} holidays; ${answer.rows.length} rows`);
  console.log(`Node ${process.version} · ${availableParallelism()} CPUs (${cpus()[0]?.model.trim()}) · ${db.description}`);
  console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end of the run`);
  console.log(`${RUNS} sequential requests of each after ${WARMUP}:`);
  console.log(`  ledger (JSON)                  ${json.text}   (target ${TARGET_MS} ms: ${json.median <= TARGET_MS ? 'met' : 'missed'})`);
  console.log(`  ledger.csv                     ${csv.text}`);
  console.log(`  yardstick: GET /api/me         ${me.text}`);
  console.log(`  yardstick: one month's evaluation ${evaluation.text}`);
  console.log(`  in process: readLedger alone   ${latencyFigures(direct).text}`);
  console.log(`ledger ÷ /api/me: ${(json.median / me.median).toFixed(1)}×; ledger ÷ one month's evaluation: ${(json.median / evaluation.median).toFixed(2)}×`);
} finally {
  await stopAll();
  await db.drop();
  rmSync(tmp, { recursive: true, force: true });
}
