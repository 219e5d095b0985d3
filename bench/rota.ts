// npm run bench:rota: the solver on the INRC-II instances the literature cites (../shared/inrc2/README.md), against
// the best rosters and lower bounds known (Legrain, Omer & Rosat 2017, Table 8). Runs the compiled solver (dist/)
// in worker threads, `--threads` per instance (as the service's SOLVER_THREADS), `--parallel` instances at a time.
// Prints a markdown table to stdout.
//
//   --weeks 4|8|all     which instances (default 4)
//   --instances a,b     these instance ids instead
//   --seconds N         time limit per instance (default 60)
//   --parallel N        instances solved at once (default 1)
//   --threads N         threads per instance, one core each (default: the service's default, 2 on a machine of 2 cores or more)
//   --seed N            the solver's seed (default 1)
//   --plan first|all|none  which threads start from a plan by column generation (of whole rows or of working days;
//                       default: first, as the service)
//   --tuning JSON       overrides of the solver's DEFAULT_TUNING, e.g. '{"startTemperature":30}'
//   --latency-seconds N then GET /api/me latency with and without a solve running, N s per phase (bench/solve-latency.ts;
//                       default 10, 0 skips it)
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SOLVER_THREADS } from '../server/config.ts';
import { runSolveLatency } from './solve-latency.ts';

type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type ThreadModule = typeof import('../server/rota/solver/thread.ts');

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA = join(ROOT, '..', 'shared', 'inrc2');

/** Best known roster and best lower bound per instance (the figures the targets in BENCHMARKS.md are measured against). */
const REFERENCES: Record<string, [best: number, bound: number]> = {
  'n030w4_1_6-2-9-1': [1685, 1660],
  'n030w4_1_6-7-5-3': [1840, 1740],
  'n040w4_0_2-0-6-1': [1640, 1540],
  'n040w4_2_6-1-0-6': [1865, 1570],
  'n050w4_0_0-4-8-7': [1445, 1195],
  'n050w4_0_7-2-7-2': [1405, 1200],
  'n060w4_1_6-1-1-5': [2465, 2380],
  'n060w4_1_9-6-3-8': [2730, 2615],
  'n080w4_2_4-3-3-3': [3320, 3140],
  'n080w4_2_6-0-4-8': [3240, 3045],
  'n100w4_0_1-1-0-8': [1230, 1055],
  'n100w4_2_0-6-4-6': [1855, 1470],
  'n120w4_1_4-6-2-6': [2165, 1790],
  'n120w4_1_5-6-9-8': [2220, 1820],
  'n030w8_1_2-7-0-9-3-6-0-6': [2070, 1995],
  'n030w8_1_6-7-5-3-5-6-2-9': [1735, 1620],
  'n040w8_0_0-6-8-9-2-6-6-4': [2620, 2465],
  'n040w8_2_5-0-4-8-7-1-7-2': [2420, 2205],
  'n050w8_1_1-7-8-5-7-4-1-8': [4900, 4625],
  'n050w8_1_9-7-5-3-8-8-3-1': [4925, 4530],
  'n060w8_0_6-2-9-9-0-8-1-3': [2345, 1970],
  'n060w8_2_1-0-3-4-0-3-9-1': [2590, 2260],
  'n080w8_1_4-4-9-9-3-6-0-5': [4180, 3775],
  'n080w8_2_0-4-0-9-1-9-6-2': [4450, 4125],
  'n100w8_0_0-1-7-8-9-1-5-4': [2125, 2005],
  'n100w8_1_2-4-7-9-3-9-2-8': [2145, 2145],
  'n120w8_0_0-9-9-4-5-1-0-3': [2600, 2295],
  'n120w8_1_7-2-6-4-5-2-0-2': [3095, 2535],
};

interface Row {
  id: string;
  hard: number;
  soft: number;
  best: number;
  bound: number;
  firstFeasibleMs: number | null;
  moves: number;
}

function importBuilt<T>(path: string): Promise<T> {
  return import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<T>;
}

function pickInstances(weeks: string, listed: string | undefined): string[] {
  if (listed) {
    const ids = listed.split(',').map((id) => id.trim()).filter(Boolean);
    for (const id of ids) if (!/^n\d{3}w\d+_\d_[\d-]+$/.test(id)) throw new Error(`not an INRC-II instance id: ${id}`);
    return ids;
  }
  const all = Object.keys(REFERENCES);
  if (weeks === 'all') return all;
  if (weeks !== '4' && weeks !== '8') throw new Error('--weeks takes 4, 8 or all');
  return all.filter((id) => id.split('_')[0]!.endsWith(`w${weeks}`));
}

function formatRow(row: Row): string {
  const ratio = Number.isNaN(row.best) ? '—' : (row.soft / row.best).toFixed(3);
  const feasible = row.firstFeasibleMs === null ? 'never' : `${(row.firstFeasibleMs / 1000).toFixed(2)} s`;
  const reference = (value: number): string => (Number.isNaN(value) ? '—' : String(value));
  return `| ${row.id} | ${row.hard} | ${row.soft} | ${reference(row.best)} | ${reference(row.bound)} | ${ratio} | ${feasible} | ${(row.moves / 1e6).toFixed(1)} M |`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      weeks: { type: 'string', default: '4' },
      instances: { type: 'string' },
      seconds: { type: 'string', default: '60' },
      parallel: { type: 'string', default: '1' },
      threads: { type: 'string', default: String(DEFAULT_SOLVER_THREADS) },
      seed: { type: 'string', default: '1' },
      tuning: { type: 'string' },
      plan: { type: 'string', default: 'first' },
      'latency-seconds': { type: 'string', default: '10' },
    },
  });
  const seconds = Number(values.seconds);
  const parallel = Math.max(1, Math.floor(Number(values.parallel)));
  const threads = Math.max(1, Math.floor(Number(values.threads)));
  const seed = Number(values.seed);
  if (!(seconds > 0) || !Number.isFinite(seed)) throw new Error('--seconds takes a positive number, --seed an integer');
  const ids = pickInstances(values.weeks, values.instances);
  const planDays = values.plan;
  if (planDays !== 'first' && planDays !== 'all' && planDays !== 'none') throw new Error('--plan takes first, all or none');
  const tuning = values.tuning === undefined ? undefined : (JSON.parse(values.tuning) as Record<string, unknown>);

  const inrc2 = await importBuilt<Inrc2Module>('server/rota/inrc2/index.js');
  const { emptyRoster } = await importBuilt<ProblemModule>('server/rota/problem.js');
  const { solveInThread } = await importBuilt<ThreadModule>('server/rota/solver/thread.js');

  const rows = new Map<string, Row>();
  const queue = [...ids];
  const started = Date.now();
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const instance = inrc2.readInrc2Instance(join(DATA, id.split('_')[0]!), id);
      const result = await solveInThread(
        { problem: instance.problem, initial: emptyRoster(instance.problem) },
        { timeLimitMs: seconds * 1000, seed, threads, planDays, ...(tuning === undefined ? {} : { tuning }) },
      );
      const [best, bound] = REFERENCES[id] ?? [Number.NaN, Number.NaN];
      const row: Row = { id, ...result.score, best, bound, firstFeasibleMs: result.firstFeasibleMs, moves: result.moves };
      rows.set(id, row);
      process.stderr.write(`${formatRow(row)}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, ids.length) }, worker));

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${availableParallelism()} CPUs (${cpu}) · ` +
      `${seconds} s per instance, seed ${seed}, ${threads} thread${threads === 1 ? '' : 's'} each, ` +
      `${planDays === 'none' ? 'no plan' : planDays === 'all' ? 'each from a plan' : 'the first from a plan'}, ${parallel} at a time` +
      `${tuning === undefined ? '' : `, tuning ${JSON.stringify(tuning)}`} · whole run ${Math.round((Date.now() - started) / 1000)} s`,
    '',
    '| instance | hard | soft | best known | lower bound | soft / best known | first roster without hard violation | moves |',
    '|---|---|---|---|---|---|---|---|',
    ...ids.map((id) => formatRow(rows.get(id)!)),
  ];
  const scored = ids.map((id) => rows.get(id)!).filter((row) => !Number.isNaN(row.best));
  if (scored.length > 0) {
    const mean = scored.reduce((sum, row) => sum + row.soft / row.best, 0) / scored.length;
    const infeasible = scored.filter((row) => row.hard > 0).length;
    lines.push('', `Mean soft / best known: ${mean.toFixed(3)}; instances with a hard violation left: ${infeasible} of ${scored.length}.`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const latencySeconds = Number(values['latency-seconds']);
  if (latencySeconds > 0) process.stdout.write(`\n${await runSolveLatency({ seconds: latencySeconds, connections: 16 })}\n`);
}

await main();
