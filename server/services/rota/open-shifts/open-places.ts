import { coverageCounts } from '../../../rota/evaluate.js';
import { coverageIndex } from '../../../rota/problem.js';
import type { ScheduleProblem } from '../schedules/build-roster-problem.js';

export interface OpenPlace {
  date: string;
  shiftTypeId: number;
  skill: string;
  minimum: number;
  optimal: number;
  assigned: number;
}

/**
 * Each (day, shift type, skill) of the built schedule with fewer cells than its optimal staffing (docs/rota.md §11.4),
 * on the days `from` to `to`; inactive shift types are left out, since nobody can be assigned to them.
 */
export function openPlaces(built: ScheduleProblem, from: string, to: string): OpenPlace[] {
  const { problem } = built;
  const counts = coverageCounts(problem, built.roster);
  const places: OpenPlace[] = [];
  built.dates.forEach((date, d) => {
    if (date < from || date > to) return;
    problem.shiftTypes.forEach((type, s) => {
      if (!type.assignable) return;
      problem.skills.forEach((skill, k) => {
        const index = coverageIndex(problem, d, s, k);
        const optimal = problem.optimal[index]!;
        if (counts[index]! < optimal) {
          places.push({ date, shiftTypeId: built.shiftTypeIds[s]!, skill, minimum: problem.minimum[index]!, optimal, assigned: counts[index]! });
        }
      });
    });
  });
  return places;
}

/** Whether the shift type is open for the skill on the day. */
export function isOpen(built: ScheduleProblem, date: string, shiftTypeId: number, skill: string): boolean {
  return openPlaces(built, date, date).some((place) => place.shiftTypeId === shiftTypeId && place.skill === skill);
}
