import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildInrc2Instance, buildInrc2Roster, type Inrc2Instance } from './build-instance.js';
import type { Inrc2History, Inrc2Scenario, Inrc2SolutionWeek, Inrc2WeekData } from './files.js';
import { parseInstanceId, type Inrc2InstanceId } from './instance-id.js';
import type { Roster } from '../problem.js';

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * Reads an instance from a dataset folder holding `Sc-<dataset>.json`, `H0-<dataset>-<h>.json` and
 * `WD-<dataset>-<w>.json` (the competition's layout, e.g. `data/inrc2/n005w4`).
 */
export function readInrc2Instance(folder: string, instance: string | Inrc2InstanceId): Inrc2Instance {
  const id = typeof instance === 'string' ? parseInstanceId(instance) : instance;
  const { dataset } = id;
  return buildInrc2Instance(
    id,
    readJson<Inrc2Scenario>(join(folder, `Sc-${dataset}.json`)),
    readJson<Inrc2History>(join(folder, `H0-${dataset}-${id.history}.json`)),
    id.weeks.map((week) => readJson<Inrc2WeekData>(join(folder, `WD-${dataset}-${week}.json`))),
  );
}

/** Reads a solution folder: one `Sol-<dataset>-<week data>-<position>.json` per week of the instance. */
export function readInrc2Solution(folder: string, instance: Inrc2Instance): Roster {
  const files = readdirSync(folder).filter((name) => name.startsWith('Sol-') && name.endsWith('.json'));
  const weeks = files.map((name) => {
    const week = readJson<Inrc2SolutionWeek>(join(folder, name));
    // The file name says which week data the week was solved for: a solution of another instance must not fit.
    const match = /-(\d+)-(\d+)\.json$/.exec(name);
    if (match && (Number(match[2]) !== week.week || instance.weeks[week.week] !== Number(match[1]))) {
      throw new Error(`INRC-II solution file ${name} does not belong to instance ${instance.id}`);
    }
    return week;
  });
  return buildInrc2Roster(instance, weeks);
}
