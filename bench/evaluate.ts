// node bench/evaluate.ts (after npm run build): the rota evaluator's speed on a 120-person, 28-day ward
// (INRC-II n120w4 from data/inrc2) with seeded random rosters. The target: GET …/evaluation answers in
// under 100 ms for such a roster; `evaluate` is the engine's part of it. Prints a markdown table to stdout.
//
//   --instance ID   the INRC-II instance (default n120w4_1_4-6-2-6)
//   --rounds N      timed evaluations per figure (default 200)
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

type EvaluateModule = typeof import('../server/rota/evaluate.ts');
type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type RosterProblem = import('../server/rota/problem.ts').RosterProblem;
type Roster = import('../server/rota/problem.ts').Roster;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA = join(ROOT, 'data', 'inrc2');

const { values } = parseArgs({
  options: { instance: { type: 'string', default: 'n120w4_1_4-6-2-6' }, rounds: { type: 'string', default: '200' } },
});
const rounds = Number(values.rounds);

const load = async <T>(path: string) => (await import(pathToFileURL(join(ROOT, 'dist', path)).href)) as T;
const { evaluate, personScore, coverageScore, coverageCounts } = await load<EvaluateModule>('server/rota/evaluate.js');
const { readInrc2Instance, parseInstanceId } = await load<Inrc2Module>('server/rota/inrc2/index.js');
const { emptyRoster } = await load<ProblemModule>('server/rota/problem.js');

/** mulberry32: the same rosters on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** About 70 % of cells worked (INRC-II rosters work most days), each with a skill of the person's. */
function randomRoster(problem: RosterProblem, random: () => number): Roster {
  const roster = emptyRoster(problem);
  for (let cell = 0; cell < roster.shift.length; cell++) {
    if (random() < 0.3) continue;
    const skills = problem.staff[Math.floor(cell / problem.days)]!.skills;
    roster.shift[cell] = Math.floor(random() * problem.shiftTypes.length);
    roster.skill[cell] = skills[Math.floor(random() * skills.length)]!;
  }
  return roster;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

const formatMs = (ms: number) => (ms < 0.01 ? `${(ms * 1000).toFixed(2)} µs` : ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

const id = parseInstanceId(values.instance);
const { problem } = readInrc2Instance(join(DATA, id.dataset), id);
const random = seededRandom(12);
const rosters = Array.from({ length: 20 }, () => randomRoster(problem, random));
const rows: string[] = [];
/** Wall-clock percentiles, and the process's CPU time per call: the steadier figure on shared cores. */
const row = (what: string, times: number[], cpuMicros: number) => {
  const sorted = times.slice().sort((a, b) => a - b);
  const cpu = formatMs(cpuMicros / 1000 / times.length);
  rows.push(`| ${what} | ${formatMs(percentile(sorted, 0.5))} | ${formatMs(percentile(sorted, 0.9))} | ${formatMs(sorted.at(-1)!)} | ${cpu} |`);
};
const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return used.user + used.system;
};

// Each HTTP evaluation builds its problem anew: a fresh object each round, so the per-problem tables are built too.
const fresh = Array.from({ length: rounds }, () => structuredClone(problem));
const cold: number[] = [];
let cpuStart = process.cpuUsage();
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  evaluate(fresh[round]!, rosters[round % rosters.length]!);
  cold.push(performance.now() - started);
}
row(`evaluate, new problem object each time (tables built)`, cold, cpuSince(cpuStart));

const warm: number[] = [];
cpuStart = process.cpuUsage();
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  evaluate(problem, rosters[round % rosters.length]!);
  warm.push(performance.now() - started);
}
row(`evaluate, same problem (tables cached)`, warm, cpuSince(cpuStart));

// The solver's view: one person's score, and one requirement's, as often as they go.
const people = problem.staff.length;
let sink = 0;
const personRounds = 1_000_000;
cpuStart = process.cpuUsage();
for (let i = 0; i < personRounds; i++) sink += personScore(problem, rosters[i % rosters.length]!, i % people).soft;
const personMs = cpuSince(cpuStart) / 1000 / personRounds;
const counts = coverageCounts(problem, rosters[0]!);
cpuStart = process.cpuUsage();
for (let i = 0; i < personRounds; i++) sink += coverageScore(problem, i % counts.length, counts[i % counts.length]!).soft;
const coverageMs = cpuSince(cpuStart) / 1000 / personRounds;

const summary = evaluate(problem, rosters[0]!);
console.log(`Rota evaluation · ${values.instance}: ${people} people, ${problem.days} days, ${problem.shiftTypes.length} shift types, ${problem.skills.length} skills · ${rounds} rounds · Node ${process.version}`);
console.log(`A random roster scores hard ${summary.score.hard}, soft ${summary.score.soft}, with ${summary.violations.length} violations listed.`);
console.log('');
console.log('| call | wall p50 | wall p90 | wall max | CPU per call |');
console.log('|---|---|---|---|---|');
for (const line of rows) console.log(line);
const perSecond = (ms: number) => `${Math.round(1000 / ms).toLocaleString('en')} calls per CPU second`;
console.log(`| personScore (one person, ${problem.days} days), ${personRounds.toLocaleString('en')} calls | | | | ${formatMs(personMs)} · ${perSecond(personMs)} |`);
console.log(`| coverageScore (one requirement), ${personRounds.toLocaleString('en')} calls | | | | ${formatMs(coverageMs)} · ${perSecond(coverageMs)} |`);
if (sink === -1) console.log('');
