import type { EntityManager } from '@mikro-orm/postgresql';
import { ZScheduleDetailResponse, type TScheduleDetailResponse } from '../../../../shared/schemas/rota/schedules.js';
import type { ServiceContext } from '../../service-context.js';
import { validateOnce } from '../../validated-once.js';
import { listShiftTypes } from '../shift-types/list-shift-types.js';
import { findWardSchedule } from './find-ward-schedule.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';
import { keptScheduleAnswer } from './scored-schedules.js';

/**
 * A schedule with its staff, the ward's shift types, its cells and the carry-in in use (explicit or derived).
 * Who may read it is decided for each call; the answer itself is the same for everyone who may (nothing in it is the
 * caller's own), so it is made and validated once and kept until the schedule, its publication, its carry-in or the
 * ward's rules change (`keptScheduleAnswer`).
 */
export async function readSchedule(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<TScheduleDetailResponse> {
  const schedule = await findWardSchedule(em, { ...input, publishedOnly: ctx.actor.role !== 'manager' });
  const shown = `${schedule.status}:${schedule.publishedAt?.toISOString() ?? ''}`;
  return keptScheduleAnswer(em, schedulePeriod(schedule), shown, async (built, score) => {
    const { problem, roster, pinned, people, shiftTypeIds, dates } = built;
    const assignments: TScheduleDetailResponse['assignments'] = [];
    for (let p = 0; p < people.length; p++) {
      for (let d = 0; d < problem.days; d++) {
        const cell = p * problem.days + d;
        const shift = roster.shift[cell]!;
        if (shift < 0) continue;
        assignments.push({ userId: people[p]!.userId, date: dates[d]!, shiftTypeId: shiftTypeIds[shift]!, skill: problem.skills[roster.skill[cell]!]!, pinned: pinned[cell] === 1 });
      }
    }
    return validateOnce(ZScheduleDetailResponse, {
      schedule: scheduleView(schedule, score),
      staff: people,
      shiftTypes: await listShiftTypes(em, { wardId: input.wardId }),
      assignments,
      carryIn: people.map((person, p) => ({ userId: person.userId, ...built.carryIns[p]! })),
      carryInDerived: built.carryInDerivedFrom !== null,
    });
  });
}
