// npm run bench:evaluation: GET /api/rota/schedules/{id}/evaluation of a 120-person, 28-day roster (the target:
// under 100 ms). Starts the built service on a fresh database, loads INRC-II n120w4_1_4-6-2-6 into a ward through
// the API as `npm run admin -- rota:import-inrc2` does, puts a full roster through PUT …/assignments, then times
// sequential evaluations over loopback, beside the pure evaluator on the same roster in this process. Then lists
// the ward's schedules after 60 published weeks more (the target: under 100 ms), beside GET /api/me in the same run.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchWard } from './bench-ward.ts';
import { openBenchDatabase } from './database.ts';
import { latencyFigures, spawnBuiltService, stopAll } from './processes.ts';

type ImportModule = typeof import('../scripts/rota/import-inrc2.ts');
type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type EvaluateModule = typeof import('../server/rota/evaluate.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type OrmModule = typeof import('../server/db/orm.ts');
type BuildModule = typeof import('../server/services/rota/schedules/build-roster-problem.ts');
type EvaluateScheduleModule = typeof import('../server/services/rota/schedules/evaluate-schedule.ts');

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATASET = join(ROOT, 'data', 'inrc2', 'n120w4');
const INSTANCE = 'n120w4_1_4-6-2-6';
const MONDAY = '2027-01-04';
const WARMUP = 20;
const RUNS = 200;

const addIsoDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const load = <T>(path: string) => import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<T>;

const tmp = mkdtempSync(join(tmpdir(), 'nobat-bench-evaluation-'));
chmodSync(tmp, 0o755);
const db = await openBenchDatabase(process.env.DATABASE_URL || undefined, join(tmp, 'pg'));
try {
  const service = await spawnBuiltService(ROOT, tmp, db.url);
  const { importInrc2, rosterCells } = await load<ImportModule>('scripts/rota/import-inrc2.js');
  const { readInrc2Instance } = await load<Inrc2Module>('server/rota/inrc2/index.js');
  const { evaluate } = await load<EvaluateModule>('server/rota/evaluate.js');
  const { emptyRoster } = await load<ProblemModule>('server/rota/problem.js');

  const { client, fetch: fetchAsAdmin, wardId } = await benchWard(service.url, INSTANCE);

  log(`loading ${INSTANCE} through the API`);
  const instance = readInrc2Instance(DATASET, INSTANCE);
  const loaded = await importInrc2(client, instance, { start: MONDAY, usernamePrefix: 'n120-', password: 'nurse-password-1' });

  // A full roster: each nurse works five days of seven, on a shift type that changes weekly, with their first skill.
  const { problem } = instance;
  const roster = emptyRoster(problem);
  for (let p = 0; p < problem.staff.length; p++) {
    for (let d = 0; d < problem.days; d++) {
      if ((d + p) % 7 >= 5) continue;
      roster.shift[p * problem.days + d] = (p + Math.floor(d / 7)) % problem.shiftTypes.length;
      roster.skill[p * problem.days + d] = problem.staff[p]!.skills[0]!;
    }
  }
  const cells = rosterCells(instance, loaded, roster);
  const put = await client.rota.schedules.setAssignments.mutate({ id: loaded.scheduleId, version: loaded.version, set: cells });
  const direct = evaluate(problem, roster);
  if (put.evaluation.score.hard !== direct.score.hard || put.evaluation.score.soft !== direct.score.soft) {
    throw new Error(`the service scores ${JSON.stringify(put.evaluation.score)}, the evaluator ${JSON.stringify(direct.score)}`);
  }

  const url = `${service.url}/api/rota/schedules/${loaded.scheduleId}/evaluation`;
  const timeOne = async () => {
    const started = performance.now();
    const response = await fetchAsAdmin(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET evaluation answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i++) await timeOne();
  const http: number[] = [];
  for (let i = 0; i < RUNS; i++) http.push(await timeOne());

  // The same request's two halves in this process: loading the problem from PostgreSQL, and scoring and mapping it.
  const { openOrm } = await load<OrmModule>('server/db/orm.js');
  const { buildRosterProblem } = await load<BuildModule>('server/services/rota/schedules/build-roster-problem.js');
  const { evaluateSchedule } = await load<EvaluateScheduleModule>('server/services/rota/schedules/evaluate-schedule.js');
  const orm = await openOrm(db.url);
  const period = { id: loaded.scheduleId, wardId, startDate: loaded.startDate, endDate: loaded.endDate };
  const building: number[] = [];
  const scoring: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now();
      const built = await buildRosterProblem(orm.em.fork(), period);
      const builtAt = performance.now();
      evaluateSchedule(built);
      if (i >= WARMUP) {
        building.push(builtAt - started);
        scoring.push(performance.now() - builtAt);
      }
    }
  } finally {
    await orm.close();
  }

  const pure: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    evaluate(structuredClone(problem), roster);
    if (i >= WARMUP) pure.push(performance.now() - started);
  }

  // GET /api/rota/schedules of a ward with 60 published weekly schedules after the imported one, each with the
  // roster's first week of cells: a list scores each schedule once and then keeps the score until something changes.
  const HISTORY = 60;
  const weekCells = cells.filter((cell) => cell.date < addIsoDays(loaded.startDate, 7));
  let lastId = 0;
  let lastVersion = 0;
  for (let week = 0; week < HISTORY; week++) {
    const startDate = addIsoDays(loaded.endDate, 1 + 7 * week);
    const { schedule } = await client.rota.schedules.create.mutate({ startDate, endDate: addIsoDays(startDate, 6) });
    const shift = 28 + 7 * week;
    const set = await client.rota.schedules.setAssignments.mutate({
      id: schedule.id,
      version: schedule.version,
      set: weekCells.map((cell) => ({ ...cell, date: addIsoDays(cell.date, shift) })),
    });
    await client.rota.schedules.publish.mutate({ id: schedule.id, acceptViolations: true });
    [lastId, lastVersion] = [schedule.id, set.schedule.version];
  }
  const timeGet = async (path: string) => {
    const started = performance.now();
    const response = await fetchAsAdmin(`${service.url}${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const LIST_RUNS = 50;
  const firstList = await timeGet('/api/rota/schedules');
  const lists: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) lists.push(await timeGet('/api/rota/schedules'));
  // One cell of the newest schedule changed: the next list scores that one schedule again.
  const afterEdit: number[] = [];
  for (let i = 0; i < 5; i++) {
    const edited = await client.rota.schedules.setAssignments.mutate({ id: lastId, version: lastVersion, set: [{ ...weekCells[0]!, date: addIsoDays(weekCells[0]!.date, 28 + 7 * (HISTORY - 1)), shiftTypeId: null }] });
    lastVersion = edited.schedule.version;
    afterEdit.push(await timeGet('/api/rota/schedules'));
  }
  const me: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) me.push(await timeGet('/api/me'));
  const listed = (await client.rota.schedules.list.query()).schedules.length;

  console.log(`GET /api/rota/schedules/{id}/evaluation, ${INSTANCE} (${problem.staff.length} people × ${problem.days} days, ${cells.length} cells, score ${direct.score.hard}/${direct.score.soft})`);
  console.log(`Node ${process.version} · ${availableParallelism()} CPUs (${cpus()[0]?.model.trim()}) · ${db.description}`);
  console.log(`load average ${loadavg().map((load) => load.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end of the run`);
  console.log(`service, ${RUNS} sequential requests after ${WARMUP}: ${latencyFigures(http).text}`);
  console.log(`in process: the problem from PostgreSQL: ${latencyFigures(building).text}`);
  console.log(`in process: evaluation and mapping to ids: ${latencyFigures(scoring).text}`);
  console.log(`evaluator alone (a fresh problem each time, as a request builds one): ${latencyFigures(pure).text}`);
  console.log(`GET /api/rota/schedules, ${listed} schedules (${HISTORY} published weeks of ${problem.staff.length} people after the 4-week one): first ${firstList.toFixed(1)} ms; then ${LIST_RUNS} sequential: ${latencyFigures(lists).text} (target: under 100 ms)`);
  console.log(`GET /api/rota/schedules after one cell of the newest week changed (5 times): ${latencyFigures(afterEdit).text}`);
  console.log(`yardstick, the same run: GET /api/me, ${LIST_RUNS} sequential: ${latencyFigures(me).text}`);
} finally {
  await stopAll();
  await db.drop();
  rmSync(tmp, { recursive: true, force: true });
}
