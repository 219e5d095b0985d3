// npm run bench:rota: the solver on the INRC-II instances the literature cites (data/inrc2/README.md), against
// the best rosters of Legrain, Omer & Rosat 2017 (Table 8) and today's best known rosters and lower bounds
// (data/inrc2/best-known.tsv). Runs the compiled solver (dist/) in worker threads, `--threads` per instance (as the
// service's SOLVER_THREADS), `--parallel` instances at a time. Prints a markdown table to stdout.
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
//   --bound on|off      also compute the solve's own lower bound (docs/rota.md §12) in a thread of its own (default on):
//                       printed beside the references with its gap, flagged as a BUG above a proven optimum or best known
//   --repair            instead: a sick call on each instance, repaired (bench/rota-repair.ts); --repair-seconds N
//                       for each repair (default 10)
//   --latency-seconds N then GET /api/me latency without a job, while a solve runs and while a repair runs, N s per
//                       phase (bench/solve-latency.ts; default 10, 0 skips it), after --repair too
//   --scaling           instead: synthetic wards shaped like INRC-II's (bench/rota-scaling.ts), each solved as a solve job
//                       does (`--threads` searches, the first from a plan, and the bound's thread) in a child process of
//                       its own: the first roster without hard violation, hard and soft at each time limit, the own bound
//                       and gap, the child's peak memory. `--sizes 30x28,500x62` (default: 30, 120, 250 and 500 people
//                       over 28 and 62 days), `--seconds 60,600` (each ward at each limit; default 60), `--ward-seed N`
//                       (default 1), `--seed N` the solver's
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SOLVER_THREADS } from '../server/config.ts';
import { type Inrc2Reference, readInrc2References } from '../server/rota/inrc2/references.ts';
import { runRepairBench } from './rota-repair.ts';
import { DEFAULT_SIZES, parseSizes, runScalingBench } from './rota-scaling.ts';
import { runSolveLatency } from './solve-latency.ts';

type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type ThreadModule = typeof import('../server/rota/solver/thread.ts');

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA = join(ROOT, 'data', 'inrc2');

const REFERENCES = readInrc2References(join(DATA, 'best-known.tsv'));
const NO_REFERENCE: Inrc2Reference = { bestKnown: Number.NaN, lowerBound: Number.NaN, proven: false, best2017: Number.NaN };

interface Row extends Inrc2Reference {
  id: string;
  hard: number;
  soft: number;
  firstFeasibleMs: number | null;
  moves: number;
  /** The solve's own lower bound (docs/rota.md §12), when it found one, and when (ms after the start). */
  ownBound: number | null;
  ownBoundMs: number | null;
  /** When the solve answered (ms after the start), and whether it ended there because its roster met its bound. */
  endedMs: number;
  provenOptimal: boolean;
}

/**
 * What is wrong with a row's own bound, or null: no valid bound exceeds the proven optimum, the best known roster, or the
 * roster the solve itself found without hard violations.
 */
function boundError(row: Row): string | null {
  if (row.ownBound === null) return null;
  if (row.proven && row.ownBound > row.bestKnown) return `BUG: bound ${row.ownBound} above the proven optimum ${row.bestKnown}`;
  if (row.ownBound > row.bestKnown) return `BUG: bound ${row.ownBound} above the best known ${row.bestKnown}`;
  if (row.hard === 0 && row.ownBound > row.soft) return `BUG: bound ${row.ownBound} above the solve's own roster ${row.soft}`;
  return null;
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
  const weeksOf = (id: string): number => Number(/w(\d+)_/.exec(id)![1]);
  const all = [...REFERENCES.keys()].sort((a, b) => weeksOf(a) - weeksOf(b));
  if (weeks === 'all') return all;
  if (weeks !== '4' && weeks !== '8') throw new Error('--weeks takes 4, 8 or all');
  return all.filter((id) => id.split('_')[0]!.endsWith(`w${weeks}`));
}

function formatRow(row: Row): string {
  const ratio = (value: number): string => (Number.isNaN(value) ? '—' : (row.soft / value).toFixed(3));
  const feasible = row.firstFeasibleMs === null ? 'never' : `${(row.firstFeasibleMs / 1000).toFixed(2)} s`;
  const reference = (value: number): string => (Number.isNaN(value) ? '—' : String(value));
  const own = row.ownBound === null ? '—' : `${row.ownBound} (${(row.ownBoundMs! / 1000).toFixed(1)} s)`;
  const gap =
    (row.ownBound === null ? '—' : row.soft === 0 ? '0' : ((row.soft - row.ownBound) / row.soft).toFixed(3)) +
    (row.provenOptimal ? ` (proven optimal, ended at ${(row.endedMs / 1000).toFixed(1)} s)` : '');
  return (
    `| ${row.id} | ${row.hard} | ${row.soft} | ${reference(row.best2017)} | ${ratio(row.best2017)} | ${reference(row.bestKnown)}${row.proven ? ' *' : ''} | ` +
    `${ratio(row.bestKnown)} | ${reference(row.lowerBound)} | ${own} | ${gap}${boundError(row) === null ? '' : ` **${boundError(row)}**`} | ${feasible} | ${(row.moves / 1e6).toFixed(1)} M |`
  );
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
      bound: { type: 'string', default: 'on' },
      repair: { type: 'boolean', default: false },
      'repair-seconds': { type: 'string', default: '10' },
      scaling: { type: 'boolean', default: false },
      sizes: { type: 'string', default: DEFAULT_SIZES },
      'ward-seed': { type: 'string', default: '1' },
    },
  });
  if (values.scaling) {
    const limits = values.seconds.split(',').map(Number);
    const wardSeed = Number(values['ward-seed']);
    const seed = Number(values.seed);
    if (limits.some((limit) => !(limit > 0))) throw new Error('--seconds takes positive numbers, e.g. 60,600');
    if (!Number.isInteger(wardSeed) || !Number.isInteger(seed)) throw new Error('--ward-seed and --seed take integers');
    const threads = Math.max(1, Math.floor(Number(values.threads)));
    process.stdout.write(`${await runScalingBench({ root: ROOT, sizes: parseSizes(values.sizes), seconds: limits, threads, seed, wardSeed })}\n`);
    return;
  }
  if (values.bound !== 'on' && values.bound !== 'off') throw new Error('--bound takes on or off');
  const withBound = values.bound === 'on';
  const seconds = Number(values.seconds);
  const parallel = Math.max(1, Math.floor(Number(values.parallel)));
  const threads = Math.max(1, Math.floor(Number(values.threads)));
  const seed = Number(values.seed);
  if (!(seconds > 0) || !Number.isFinite(seed)) throw new Error('--seconds takes a positive number, --seed an integer');
  const ids = pickInstances(values.weeks, values.instances);
  const planDays = values.plan;
  if (planDays !== 'first' && planDays !== 'all' && planDays !== 'none') throw new Error('--plan takes first, all or none');
  const tuning = values.tuning === undefined ? undefined : (JSON.parse(values.tuning) as Record<string, unknown>);
  if (values.repair) {
    const repairSeconds = Number(values['repair-seconds']);
    if (!(repairSeconds > 0)) throw new Error('--repair-seconds takes a positive number');
    process.stdout.write(`${await runRepairBench({ root: ROOT, ids, seconds, repairSeconds, threads, seed })}\n`);
    await reportLatency(Number(values['latency-seconds']));
    return;
  }

  const inrc2 = await importBuilt<Inrc2Module>('server/rota/inrc2/index.js');
  const { emptyRoster } = await importBuilt<ProblemModule>('server/rota/problem.js');
  const { solveInThread } = await importBuilt<ThreadModule>('server/rota/solver/thread.js');

  const rows = new Map<string, Row>();
  const queue = [...ids];
  const started = Date.now();
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const instance = inrc2.readInrc2Instance(join(DATA, id.split('_')[0]!), id);
      const solveStart = Date.now();
      let ownBoundMs: number | null = null;
      const result = await solveInThread(
        { problem: instance.problem, initial: emptyRoster(instance.problem) },
        {
          timeLimitMs: seconds * 1000,
          seed,
          threads,
          planDays,
          bound: withBound,
          onBound: () => {
            ownBoundMs = Date.now() - solveStart;
          },
          ...(tuning === undefined ? {} : { tuning }),
        },
      );
      const row: Row = {
        id,
        ...result.score,
        ...(REFERENCES.get(id) ?? NO_REFERENCE),
        firstFeasibleMs: result.firstFeasibleMs,
        moves: result.moves,
        ownBound: result.bound ?? null,
        ownBoundMs,
        endedMs: Date.now() - solveStart,
        provenOptimal: result.stoppedBy === 'optimal',
      };
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
    '| instance | hard | soft | 2017 best | soft / 2017 best | best known (* proven optimal) | soft / best known | lower bound | own bound (found at) | own gap | first roster without hard violation | moves |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...ids.map((id) => formatRow(rows.get(id)!)),
  ];
  const scored = ids.map((id) => rows.get(id)!).filter((row) => !Number.isNaN(row.best2017));
  if (scored.length > 0) {
    const mean = (of: (row: Row) => number): string => (scored.reduce((sum, row) => sum + row.soft / of(row), 0) / scored.length).toFixed(3);
    const infeasible = scored.filter((row) => row.hard > 0).length;
    lines.push(
      '',
      `Mean soft / 2017 best: ${mean((row) => row.best2017)}; mean soft / best known: ${mean((row) => row.bestKnown)}; ` +
        `instances with a hard violation left: ${infeasible} of ${scored.length}.`,
    );
  }
  const bounded = ids.map((id) => rows.get(id)!).filter((row) => row.ownBound !== null);
  if (bounded.length > 0) {
    const errors = bounded.filter((row) => boundError(row) !== null).length;
    const meanGap = bounded.reduce((sum, row) => sum + (row.soft === 0 ? 0 : (row.soft - row.ownBound!) / row.soft), 0) / bounded.length;
    const ofBest = bounded.filter((row) => !Number.isNaN(row.bestKnown));
    const meanOfBest = ofBest.reduce((sum, row) => sum + row.ownBound! / row.bestKnown, 0) / Math.max(1, ofBest.length);
    lines.push(
      `Own bounds: ${bounded.length} of ${ids.length}; mean own gap ${meanGap.toFixed(3)}; mean own bound / best known ${meanOfBest.toFixed(3)}; ` +
        `proven optimal: ${bounded.filter((row) => row.hard === 0 && row.soft <= row.ownBound!).length}; ${errors === 0 ? 'no bound above a roster known' : `**${errors} BUG(S)**`}.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  await reportLatency(Number(values['latency-seconds']));
}

/** The GET /api/me scenario (bench/solve-latency.ts) after the table, `seconds` per phase; none at 0. */
async function reportLatency(seconds: number): Promise<void> {
  if (seconds > 0) process.stdout.write(`\n${await runSolveLatency({ seconds, connections: 16 })}\n`);
}

await main();
