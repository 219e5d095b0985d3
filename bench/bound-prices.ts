// npm run bench:bound: the solver's lower bound alone (docs/rota.md §12) on every INRC-II instance of
// data/inrc2/best-known.tsv, each in a child process of its own (one core), until its column generation settles or the
// time limit. Prints a markdown table beside the best known rosters and proven optima, and keeps the prices that gave
// each bound in test/fixtures/inrc2-bound-prices.json (over working days: inrc2-day-bound-prices.json), from which
// test/rota-lower-bound-inrc2.test.ts reads each bound again in one pass of pricing.
//
//   --over rows|days  the relaxation priced: whole rows (default) or working days
//   --seconds N       time limit per instance (default 240)
//   --parallel N      instances at once (default 2, one core each)
//   --instances a,b   these instances only (the kept prices of the others stay as they are)
//   --no-write        print the table without keeping the prices
//   --branch N        over whole rows: once the relaxation settles, branch for N s more (docs/solver.md), never stopping
//                     for idle nodes, and print the bound then beside it (keeps no prices)
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { densePrices, type KeptBoundPrices, readInrc2References, sparsePrices } from '../server/rota/inrc2/references.ts';
import type { Relaxation } from '../server/rota/solver/lower-bound.ts';

type Inrc2Module = typeof import('../server/rota/inrc2/index.ts');
type ProblemModule = typeof import('../server/rota/problem.ts');
type BoundModule = typeof import('../server/rota/solver/lower-bound.ts');
type HighsModule = typeof import('../server/rota/solver/load-highs.ts');

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA = join(ROOT, 'data', 'inrc2');
const KEPT = { rows: join(ROOT, 'test', 'fixtures', 'inrc2-bound-prices.json'), days: join(ROOT, 'test', 'fixtures', 'inrc2-day-bound-prices.json') };
/** What a forbidden succession costs a row in the relaxation: the search's hard weight, as a solve job's bound. */
const HARD_WEIGHT = 1000;
/** Decimals the kept prices are written with: any prices give a valid bound, so rounding them loses only a little. */
const DECIMALS = 4;

function importBuilt<T>(path: string): Promise<T> {
  return import(pathToFileURL(join(ROOT, 'dist', path)).href) as Promise<T>;
}

/** One instance in this process: its bound by column generation within `seconds`, read again at the rounded prices. */
async function one(id: string, seconds: number, over: Relaxation, branchSeconds: number): Promise<KeptBoundPrices & { branched?: number }> {
  const inrc2 = await importBuilt<Inrc2Module>('server/rota/inrc2/index.js');
  const { emptyRoster } = await importBuilt<ProblemModule>('server/rota/problem.js');
  const { boundAtPrices, boundRequirements, rosterLowerBound } = await importBuilt<BoundModule>('server/rota/solver/lower-bound.js');
  const { loadHighs } = await importBuilt<HighsModule>('server/rota/solver/load-highs.js');
  const instance = inrc2.readInrc2Instance(join(DATA, id.split('_')[0]!), id);
  const input = { problem: instance.problem, initial: emptyRoster(instance.problem) };
  const start = performance.now();
  const deadline = start + (seconds + branchSeconds) * 1000;
  let best: { optimal: Float64Array; minimum: Float64Array } | null = null;
  let settledAt = start;
  const branched = rosterLowerBound(input, await loadHighs(), {
    now: () => performance.now(),
    deadline,
    hardWeight: HARD_WEIGHT,
    over,
    ...(branchSeconds > 0 ? { branch: { ms: branchSeconds * 1000, idleNodes: Number.POSITIVE_INFINITY } } : {}),
    onBound: () => {},
    onPrices: (prices) => {
      best = prices;
      settledAt = performance.now();
    },
  });
  // With a branch, the relaxation's time is up to its last rise, and it settled if that came within --seconds.
  const elapsed = (branchSeconds > 0 ? settledAt : performance.now()) - start;
  const found = best as { optimal: Float64Array; minimum: Float64Array } | null;
  const optimal = found === null ? [] : sparsePrices(found.optimal, DECIMALS);
  const minimum = found === null ? [] : sparsePrices(found.minimum, DECIMALS);
  const length = boundRequirements(instance.problem, over);
  const bound = boundAtPrices(input, { optimal: densePrices(optimal, length), minimum: densePrices(minimum, length) }, HARD_WEIGHT, over) ?? 0;
  const settled = branchSeconds > 0 ? elapsed < seconds * 1000 : performance.now() < deadline;
  return { bound, seconds: Number((elapsed / 1000).toFixed(1)), settled, optimal, minimum, ...(branchSeconds > 0 && branched !== null ? { branched } : {}) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '240' },
      over: { type: 'string', default: 'rows' },
      parallel: { type: 'string', default: '2' },
      instances: { type: 'string' },
      one: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      branch: { type: 'string', default: '0' },
    },
  });
  const seconds = Number(values.seconds);
  if (!(seconds > 0)) throw new Error('--seconds takes a positive number');
  const over = values.over;
  if (over !== 'rows' && over !== 'days') throw new Error('--over takes rows or days');
  const branchSeconds = Number(values.branch);
  if (!(branchSeconds >= 0) || (branchSeconds > 0 && over !== 'rows')) throw new Error('--branch takes seconds (0 or more), over whole rows only');
  if (values.one !== undefined) {
    process.stdout.write(JSON.stringify(await one(values.one, seconds, over, branchSeconds)));
    return;
  }
  const refs = readInrc2References(join(DATA, 'best-known.tsv'));
  const ids = values.instances === undefined ? [...refs.keys()] : values.instances.split(',').map((id) => id.trim());
  const branched = new Map<string, number>();
  const kept: Record<string, KeptBoundPrices> = existsSync(KEPT[over]) ? (JSON.parse(readFileSync(KEPT[over], 'utf8')) as Record<string, KeptBoundPrices>) : {};
  const queue = [...ids];
  const run = promisify(execFile);
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const args = ['--one', id, '--seconds', String(seconds), '--over', over, '--branch', String(branchSeconds)];
      const { stdout } = await run(process.execPath, [fileURLToPath(import.meta.url), ...args], { maxBuffer: 64 << 20 });
      const { branched: withBranch, ...found } = JSON.parse(stdout) as KeptBoundPrices & { branched?: number };
      kept[id] = found;
      if (withBranch !== undefined) branched.set(id, withBranch);
      process.stderr.write(`${id}: ${found.bound.toFixed(2)} in ${found.seconds} s${withBranch === undefined ? '' : `, ${withBranch} with a branch`}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(values.parallel)) }, worker));
  if (!values['no-write'] && branchSeconds === 0) {
    const ordered = Object.fromEntries(Object.keys(kept).sort().map((id) => [id, kept[id]!]));
    writeFileSync(KEPT[over], `${JSON.stringify(ordered)}\n`);
  }
  const inrc2 = await importBuilt<Inrc2Module>('server/rota/inrc2/index.js');
  const { roundBound, softScoreStep } = await importBuilt<BoundModule>('server/rota/solver/lower-bound.js');
  const lines = [
    `The bound alone over ${over === 'rows' ? 'whole rows' : 'working days'}, one core per instance, at most ${seconds} s (\`npm run bench:bound\`):`,
    '',
    `| instance | own bound (rounded up) | seconds (settled) | best known (* proven optimal) | own bound / best known |${branchSeconds > 0 ? ` with a branch of ${branchSeconds} s |` : ''}`,
    `|---|---|---|---|---|${branchSeconds > 0 ? '---|' : ''}`,
  ];
  for (const id of ids) {
    const row = kept[id]!;
    const ref = refs.get(id);
    // Rounded up as a job rounds it: to the weights' greatest common divisor.
    const rounded = roundBound(row.bound, softScoreStep(inrc2.readInrc2Instance(join(DATA, id.split('_')[0]!), id).problem.weights));
    const above = (bound: number) => (ref !== undefined && bound > ref.bestKnown ? ' **BUG: above the best known**' : '');
    const withBranch = branched.get(id);
    const branchCell = branchSeconds === 0 ? '' : ` ${withBranch === undefined ? '—' : `${withBranch}${above(withBranch)}`} |`;
    lines.push(
      `| ${id} | ${row.bound.toFixed(1)} (${rounded}) | ${row.seconds} (${row.settled ? 'yes' : 'no'}) | ${ref?.bestKnown ?? '—'}${ref?.proven ? ' *' : ''} | ${ref === undefined ? '—' : (row.bound / ref.bestKnown).toFixed(4)}${above(rounded)} |${branchCell}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
