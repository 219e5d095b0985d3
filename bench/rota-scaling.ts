// npm run bench:rota -- --scaling: the solver on synthetic wards shaped like INRC-II's (server/rota/synthetic-ward.ts)
// at sizes the competition has none of, 30 to 500 people over 28 and 62 days. Each ward and time limit is solved in a
// child process of its own, as a solve job does it (the compiled solver's `solveInThread`: the service's threads, the
// first from a plan, the bound's thread beside them), so that the child's peak resident memory (VmHWM, all its threads
// together) is the solve's alone. Reports per ward: when its first roster without a hard violation came (wall clock
// from the solve's call, threads' start-up included, and the CPU time all the process's threads had used by then, which
// a loaded machine distorts less), hard and soft at the time limit, when the solve answered, its own lower bound
// (docs/rota.md §12) and gap, and the peak memory. Run as a file, it is that child: one ward, one JSON line out.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type SyntheticModule = typeof import('../server/rota/synthetic-ward.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type ThreadModule = typeof import('../server/rota/solver/thread.ts');

/** The targets the scaling table is judged against: the largest ward's first roster without a hard violation, and memory. */
const LARGEST = { people: 500, days: 62 };
const FIRST_FEASIBLE_TARGET_S = 10;
const MEMORY_TARGET_MIB = 1536;

export interface WardSize {
  people: number;
  days: number;
}

export const DEFAULT_SIZES = '30x28,30x62,120x28,120x62,250x28,250x62,500x28,500x62';

/** `30x28,500x62` as sizes; a clear error for anything else. */
export function parseSizes(text: string): WardSize[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const match = /^(\d+)x(\d+)$/.exec(item);
      if (!match || Number(match[1]) < 6 || Number(match[2]) < 7) throw new Error(`--sizes takes PEOPLExDAYS items (at least 6x7), e.g. 30x28: ${item}`);
      return { people: Number(match[1]), days: Number(match[2]) };
    });
}

/** What the child is handed (one argument, JSON). */
interface WardJob {
  root: string;
  people: number;
  days: number;
  wardSeed: number;
  seconds: number;
  threads: number;
  seed: number;
}

/** What the child answers. */
interface WardResult {
  people: number;
  days: number;
  seconds: number;
  skills: number;
  requests: number;
  minimum: number;
  optimal: number;
  hard: number;
  soft: number;
  /** Wall clock from the solve's call to the first roster without a hard violation reported, or null. */
  firstFeasibleMs: number | null;
  /** The process's CPU time (all its threads) by then: what the wall clock would be on idle cores, about. */
  firstFeasibleCpuMs: number | null;
  /** Wall clock from the solve's call to its answer. */
  endedMs: number;
  bound: number | null;
  boundMs: number | null;
  moves: number;
  stoppedBy: string;
  /** Resident memory once the ward is built, before the solve; and the process's peak (VmHWM) after it. */
  rssBeforeMiB: number;
  peakMiB: number;
}

export interface ScalingBenchOptions {
  root: string;
  sizes: WardSize[];
  seconds: number[];
  threads: number;
  seed: number;
  wardSeed: number;
}

function peakResidentMiB(): number {
  const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  // Outside Linux, the kernel's own peak of the process (kB).
  return (match ? Number(match[1]) : process.resourceUsage().maxRSS) / 1024;
}

async function solveWard(job: WardJob): Promise<WardResult> {
  const importBuilt = <T>(path: string): Promise<T> => import(pathToFileURL(join(job.root, 'dist', path)).href) as Promise<T>;
  const { syntheticWard } = await importBuilt<SyntheticModule>('server/rota/synthetic-ward.js');
  const { emptyRoster } = await importBuilt<ProblemModule>('server/rota/problem.js');
  const { solveInThread } = await importBuilt<ThreadModule>('server/rota/solver/thread.js');
  const { problem } = syntheticWard(job.wardSeed, job.people, job.days);
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const cpuMs = (): number => {
    const used = process.cpuUsage(cpuStart);
    return (used.user + used.system) / 1000;
  };
  let firstFeasibleMs: number | null = null;
  let firstFeasibleCpuMs: number | null = null;
  let boundMs: number | null = null;
  const result = await solveInThread(
    { problem, initial: emptyRoster(problem) },
    {
      timeLimitMs: job.seconds * 1000,
      seed: job.seed,
      threads: job.threads,
      bound: true,
      onProgress: (progress) => {
        if (firstFeasibleMs !== null || progress.hard !== 0) return;
        firstFeasibleMs = performance.now() - start;
        firstFeasibleCpuMs = cpuMs();
      },
      onBound: () => {
        boundMs = performance.now() - start;
      },
    },
  );
  const endedMs = performance.now() - start;
  return {
    people: job.people,
    days: job.days,
    seconds: job.seconds,
    skills: problem.skills.length,
    requests: problem.preferences.length,
    minimum: problem.minimum.reduce((sum, n) => sum + n, 0),
    optimal: problem.optimal.reduce((sum, n) => sum + n, 0),
    hard: result.score.hard,
    soft: result.score.soft,
    firstFeasibleMs,
    firstFeasibleCpuMs,
    endedMs,
    bound: result.bound ?? null,
    boundMs,
    moves: result.moves,
    stoppedBy: result.stoppedBy,
    rssBeforeMiB,
    peakMiB: peakResidentMiB(),
  };
}

/** One ward in a child process of its own (this file); its answer, or an error naming how it ended. */
function solveWardInChild(job: WardJob): Promise<WardResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = output.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as WardResult);
      else reject(new Error(`the ${job.people}x${job.days} ward's child ended with ${signal ?? `code ${code}`}`));
    });
  });
}

function formatRow(row: WardResult): string {
  const feasible = row.firstFeasibleMs === null ? 'never' : `${(row.firstFeasibleMs / 1000).toFixed(2)} s (CPU ${(row.firstFeasibleCpuMs! / 1000).toFixed(2)} s)`;
  const bound = row.bound === null ? '—' : `${row.bound} (${(row.boundMs! / 1000).toFixed(1)} s)`;
  const gap = row.bound === null ? '—' : row.soft === 0 ? '0' : ((row.soft - row.bound) / row.soft).toFixed(3);
  return (
    `| ${row.people} × ${row.days} | ${row.seconds} s (ended at ${(row.endedMs / 1000).toFixed(1)} s) | ${feasible} | ${row.hard} | ${row.soft} | ${bound} | ${gap} | ` +
    `${Math.round(row.peakMiB)} MiB (${Math.round(row.rssBeforeMiB)} before) | ${(row.moves / 1e6).toFixed(1)} M${row.stoppedBy === 'deadline' ? '' : ` (${row.stoppedBy})`} |`
  );
}

function describeWard(row: WardResult): string {
  return `${row.people} × ${row.days}: ${row.skills} skills, ${row.requests} requests, coverage minimum ${row.minimum} and optimum ${row.optimal} assignments`;
}

const load = (): string => loadavg().map((n) => n.toFixed(2)).join(', ');

/** Solves every ward at every time limit, one at a time; answers the markdown table, with verdicts for the targets. */
export async function runScalingBench(options: ScalingBenchOptions): Promise<string> {
  const started = Date.now();
  const loadAtStart = load();
  const rows: WardResult[] = [];
  for (const size of options.sizes) {
    for (const seconds of options.seconds) {
      const row = await solveWardInChild({ root: options.root, ...size, wardSeed: options.wardSeed, seconds, threads: options.threads, seed: options.seed });
      rows.push(row);
      process.stderr.write(`${formatRow(row)}\n`);
    }
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const wards = new Map<string, WardResult>();
  for (const row of rows) if (!wards.has(`${row.people}x${row.days}`)) wards.set(`${row.people}x${row.days}`, row);
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${availableParallelism()} CPUs (${cpu}) · synthetic wards of seed ` +
      `${options.wardSeed}, solver seed ${options.seed}, ${options.threads} search thread${options.threads === 1 ? '' : 's'} and the bound's, each ward in a ` +
      `child process of its own · load average ${loadAtStart} at the start, ${load()} at the end · whole run ${Math.round((Date.now() - started) / 1000)} s`,
    '',
    ...[...wards.values()].map(describeWard),
    '',
    '| ward (people × days) | time limit | first roster without hard violation (CPU of all threads by then) | hard | soft | own bound (found at) | own gap | peak memory (VmHWM) | moves |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(formatRow),
  ];
  const largest = rows.filter((row) => row.people === LARGEST.people && row.days === LARGEST.days);
  if (largest.length > 0) {
    const firsts = largest.map((row) => row.firstFeasibleMs);
    const slowest = firsts.some((ms) => ms === null) ? null : Math.max(...(firsts as number[]));
    lines.push(
      '',
      `Target: a ${LARGEST.people}-person, ${LARGEST.days}-day ward's first roster without hard violation within ${FIRST_FEASIBLE_TARGET_S} s: ` +
        `${slowest === null ? '**missed** (never)' : `${slowest / 1000 <= FIRST_FEASIBLE_TARGET_S ? 'met' : '**missed**'} (${(slowest / 1000).toFixed(2)} s)`}.`,
    );
  }
  if (rows.length > 0) {
    const peak = Math.max(...rows.map((row) => row.peakMiB));
    lines.push(`Target: the solving process under ${MEMORY_TARGET_MIB} MiB at its peak: ${peak < MEMORY_TARGET_MIB ? 'met' : '**missed**'} (largest peak ${Math.round(peak)} MiB).`);
  }
  return lines.join('\n');
}

if (import.meta.main) {
  const job = JSON.parse(process.argv[2] ?? '') as WardJob;
  process.stdout.write(`${JSON.stringify(await solveWard(job))}\n`);
}
