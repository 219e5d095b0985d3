import type { EntityManager } from '@mikro-orm/postgresql';
import type { TScore } from '../../../../shared/schemas/rota/schedules.js';
import { buildRosterProblem, type ScheduleProblem, type SchedulePeriod } from './build-roster-problem.js';
import { scoreSchedule } from './evaluate-schedule.js';
import { forgetCarryOuts, resolveWardCarryIns } from './schedule-carry-in.js';

/**
 * Scores and built problems of schedules, kept in this process by a key that names everything they depend on:
 * the schedule and its version (every change of its cells or explicit carry-in raises it), the ward's rota revision
 * (`rota_revision`, raised by triggers on every table of rules, staff and requests) and the key of its carry-in
 * (which names the versions of the schedules it comes from). A published schedule is the same for everyone who
 * reads it, so a list or a read costs what it returns, not the ward's history. A read's finished answer is kept too
 * (`keptScheduleAnswer`). Bounded; the oldest entry goes first.
 */
// One set per database (an ORM's configuration): ids mean nothing across databases, such as the tests' own.
const cachesByDatabase = new WeakMap<object, { scores: Map<string, TScore>; problems: Map<string, ScheduleProblem>; answers: Map<string, unknown> }>();

function cachesOf(em: EntityManager) {
  let caches = cachesByDatabase.get(em.config);
  if (!caches) cachesByDatabase.set(em.config, (caches = { scores: new Map(), problems: new Map(), answers: new Map() }));
  return caches;
}
const MAX_SCORES = 5000;
const MAX_PROBLEMS = 32;
// A finished read of the largest schedule (500 people, 62 days) holds about 31,000 cells' objects.
const MAX_ANSWERS = 8;

/** Forgets what was kept for the database: for a database emptied under a running process (the tests' reset). */
export function forgetKeptSchedules(em: EntityManager): void {
  cachesByDatabase.delete(em.config);
  forgetCarryOuts(em);
}

/** How often a score was found kept, and how often a schedule was built and scored (for tests and benchmarks). */
export const scheduleScoreCounts = { kept: 0, built: 0 };

/** How often a schedule's finished answer was found kept, and how often one was made (for tests). */
export const scheduleAnswerCounts = { kept: 0, made: 0 };

function keep<T>(cache: Map<string, T>, max: number, key: string, value: T): void {
  cache.delete(key);
  if (cache.size >= max) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

/** The ward's rota revision; read before anything it keys is read, so that a kept value is never newer than its key says. */
async function rotaRevision(em: EntityManager, wardId: number): Promise<number> {
  const [row] = await em.execute<{ revision: number }[]>('select revision from rota_revision where ward_id = ?', [wardId]);
  return row?.revision ?? 0;
}

interface VersionedPeriod extends SchedulePeriod {
  version: number;
}

const keyOf = (schedule: VersionedPeriod, revision: number, carryInKey: string) => `${schedule.id}:${schedule.version}:${revision}:${carryInKey}`;

/** The scores of schedules of one ward, in their order: kept ones as they are, the others built and scored once. */
export async function scoreSchedules(em: EntityManager, wardId: number, schedules: VersionedPeriod[]): Promise<TScore[]> {
  if (schedules.length === 0) return [];
  const { scores } = cachesOf(em);
  const revision = await rotaRevision(em, wardId);
  const carries = await resolveWardCarryIns(em, wardId, schedules);
  const answers: TScore[] = [];
  for (const schedule of schedules) {
    const kept = scores.get(keyOf(schedule, revision, carries.get(schedule.id)!.key));
    if (kept) {
      scheduleScoreCounts.kept++;
      answers.push(kept);
      continue;
    }
    const built = await buildRosterProblem(em, schedule);
    const score = scoreSchedule(built);
    scheduleScoreCounts.built++;
    keep(scores, MAX_SCORES, keyOf(schedule, revision, built.carryInKey), score);
    answers.push(score);
  }
  return answers;
}

/** The problem kept under `key`, else built and kept (its score with it). */
async function keptProblem(em: EntityManager, schedule: VersionedPeriod, revision: number, carryInKey: string): Promise<ScheduleProblem> {
  const { scores, problems } = cachesOf(em);
  const kept = problems.get(keyOf(schedule, revision, carryInKey));
  if (kept) {
    scheduleScoreCounts.kept++;
    return kept;
  }
  const built = await buildRosterProblem(em, schedule);
  scheduleScoreCounts.built++;
  const key = keyOf(schedule, revision, built.carryInKey);
  keep(problems, MAX_PROBLEMS, key, built);
  keep(scores, MAX_SCORES, key, scoreSchedule(built));
  return built;
}

/** One schedule's built problem, kept as `scoreSchedules` keeps scores (fewer of them: a problem is larger). Read it, never change it. */
export async function builtSchedule(em: EntityManager, schedule: VersionedPeriod): Promise<ScheduleProblem> {
  const revision = await rotaRevision(em, schedule.wardId);
  const carry = (await resolveWardCarryIns(em, schedule.wardId, [schedule])).get(schedule.id)!;
  return keptProblem(em, schedule, revision, carry.key);
}

/**
 * One schedule's finished answer, kept by the key its problem is kept by and `shown`, whatever else of the schedule
 * the answer shows that its version does not count (its status and publication). `make` turns the problem into the
 * answer, validated (`validateOnce`): the same for every caller allowed to read the schedule, so it must hold nothing
 * of the caller's own. Bounded; the oldest goes first. Read it, never change it.
 */
export async function keptScheduleAnswer<T>(
  em: EntityManager,
  schedule: VersionedPeriod,
  shown: string,
  make: (built: ScheduleProblem, score: TScore) => Promise<T>,
): Promise<T> {
  const { scores, answers } = cachesOf(em);
  const revision = await rotaRevision(em, schedule.wardId);
  const carry = (await resolveWardCarryIns(em, schedule.wardId, [schedule])).get(schedule.id)!;
  const kept = answers.get(`${keyOf(schedule, revision, carry.key)}|${shown}`);
  if (kept !== undefined) {
    scheduleAnswerCounts.kept++;
    return kept as T;
  }
  const built = await keptProblem(em, schedule, revision, carry.key);
  const key = keyOf(schedule, revision, built.carryInKey);
  const answer = await make(built, scores.get(key) ?? scoreSchedule(built));
  scheduleAnswerCounts.made++;
  keep(answers, MAX_ANSWERS, `${key}|${shown}`, answer);
  return answer;
}
