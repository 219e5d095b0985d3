import type { EntityManager } from '@mikro-orm/postgresql';
import type { TListOpenShiftsRequest, TOpenShift } from '../../../../shared/schemas/rota/open-shifts.js';
import { Schedule } from '../../../db/entities/schedule.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { hospitalToday, type CellChangeContext } from '../schedules/change-cells.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { openPlaces } from './open-places.js';

/** The open shifts of the ward's published schedules from `from` to `to`, days before today left out (docs/rota.md §11.4). */
export async function listOpenShifts(em: EntityManager, input: TListOpenShiftsRequest & { wardId: number }, ctx: Pick<CellChangeContext, 'now' | 'config'>): Promise<TOpenShift[]> {
  const today = hospitalToday(ctx);
  const from = input.from < today ? today : input.from;
  if (from > input.to) return [];
  const schedules = await em.find(
    Schedule,
    { ward: input.wardId, status: 'published', startDate: { $lte: input.to }, endDate: { $gte: from } },
    { orderBy: { startDate: 'asc' } },
  );
  const shifts: TOpenShift[] = [];
  for (const schedule of schedules) {
    const built = await buildRosterProblem(em, schedulePeriod(schedule));
    for (const place of openPlaces(built, from, input.to)) shifts.push({ scheduleId: schedule.id, ...place, missing: place.optimal - place.assigned });
  }
  return shifts;
}
