// npm run bench:rota -- --repair: a sick call on each 4-week INRC-II instance, repaired (docs/rota.md §11.2). For each:
// solve it (`--seconds`, default 60) and take that roster as published; three nurses who work in the second week fall
// sick for three days each (days 7-9, 9-11 and 11-13, each the nurse working most of them); repair from day 7 for
// `--repair-seconds` (default 10) with the default change weight (50), and beside it with change weight 0 (a free
// re-plan of the same days). Reports the hard violations after the repair, the changed cells, the soft score before
// the absence and after the repair, and the seconds to the first proposal without a hard violation. Runs the compiled
// engine (dist/) in worker threads, as the service does (a repair plans nothing from scratch: `planDays: 'none'`).
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type EvaluateModule = typeof import('../server/rota/evaluate.ts');
type ThreadModule = typeof import('../server/rota/solver/thread.ts');
type RosterProblem = import('../server/rota/problem.ts').RosterProblem;
type Roster = import('../server/rota/problem.ts').Roster;

export interface RepairBenchOptions {
  root: string;
  ids: string[];
  seconds: number;
  repairSeconds: number;
  threads: number;
  seed: number;
}

/** The sick call of the benchmark: three nurses, three days each, overlapping by a day, in the second week. */
const SICK_DAYS = [7, 9, 11];
const FROM = 7;
const CHANGE_WEIGHT = 50;

interface RepairRow {
  hard: number;
  changes: number;
  soft: number;
  firstFeasibleMs: number | null;
}

function feasible(ms: number | null): string {
  return ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`;
}

export async function runRepairBench(options: RepairBenchOptions): Promise<string> {
  const load = <T>(path: string) => import(pathToFileURL(join(options.root, 'dist', path)).href) as Promise<T>;
  const inrc2 = await load<Inrc2Module>('server/rota/inrc2/index.js');
  const { emptyRoster, copyRoster, OFF } = await load<ProblemModule>('server/rota/problem.js');
  const { evaluate, changedCells } = await load<EvaluateModule>('server/rota/evaluate.js');
  const { solveInThread } = await load<ThreadModule>('server/rota/solver/thread.js');

  /** The nurses the sick call takes: for each run of days, the one (not yet taken) who works most of them. */
  const sickNurses = (problem: RosterProblem, roster: Roster): number[] => {
    const taken: number[] = [];
    for (const first of SICK_DAYS) {
      let best = -1;
      let bestDays = -1;
      for (let p = 0; p < problem.staff.length; p++) {
        if (taken.includes(p)) continue;
        let worked = 0;
        for (let d = first; d < first + 3; d++) if (roster.shift[p * problem.days + d] !== OFF) worked++;
        if (worked > bestDays) {
          best = p;
          bestDays = worked;
        }
      }
      taken.push(best);
    }
    return taken;
  };

  const lines: string[] = [];
  const started = Date.now();
  for (const id of options.ids) {
    const instance = inrc2.readInrc2Instance(join(options.root, 'data', 'inrc2', id.split('_')[0]!), id);
    const problem = instance.problem;
    const solved = await solveInThread({ problem, initial: emptyRoster(problem) }, { timeLimitMs: options.seconds * 1000, seed: options.seed, threads: options.threads });
    const sick: RosterProblem = structuredClone(problem);
    const nurses = sickNurses(problem, solved.roster);
    nurses.forEach((p, i) => {
      for (let d = SICK_DAYS[i]!; d < SICK_DAYS[i]! + 3; d++) sick.staff[p]!.leave[d] = true;
    });
    const absent = evaluate(sick, solved.roster).score;
    const repair = async (weight: number): Promise<RepairRow> => {
      const repairing: RosterProblem = { ...sick, reference: { roster: copyRoster(solved.roster), from: FROM, weight } };
      const result = await solveInThread(
        { problem: repairing, initial: solved.roster },
        { timeLimitMs: options.repairSeconds * 1000, seed: options.seed, threads: options.threads, planDays: 'none' },
      );
      const score = evaluate(sick, result.roster).score;
      return { hard: score.hard, soft: score.soft, changes: changedCells(repairing, result.roster).length, firstFeasibleMs: result.firstFeasibleMs };
    };
    const careful = await repair(CHANGE_WEIGHT);
    const free = await repair(0);
    const line =
      `| ${id} | ${solved.score.hard} | ${solved.score.soft} | ${absent.hard} | ` +
      `${careful.hard} | ${careful.changes} | ${careful.soft} | ${feasible(careful.firstFeasibleMs)} | ` +
      `${free.hard} | ${free.changes} | ${free.soft} | ${feasible(free.firstFeasibleMs)} |`;
    process.stderr.write(`${line}\n`);
    lines.push(line);
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return [
    `Repair run of ${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${availableParallelism()} CPUs (${cpu}) · ` +
      `solve ${options.seconds} s, repair ${options.repairSeconds} s from day ${FROM}, seed ${options.seed}, ${options.threads} thread${options.threads === 1 ? '' : 's'} · ` +
      `whole run ${Math.round((Date.now() - started) / 1000)} s`,
    '',
    `Three nurses sick for three days each (days ${SICK_DAYS.map((d) => `${d}-${d + 2}`).join(', ')}); "before" is the published roster's score before the absence.`,
    '',
    '| instance | hard before | soft before | hard with the absence | repair (50): hard | changes | soft | first without hard | free (0): hard | changes | soft | first without hard |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
