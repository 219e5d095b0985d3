import type { EntityManager } from '@mikro-orm/postgresql';
import type { TClaim } from '../../../../shared/schemas/rota/open-shifts.js';
import type { TScore } from '../../../../shared/schemas/rota/schedules.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import type { IShiftClaim } from '../../../db/entities/shift-claim.js';
import { buildRosterProblem, type ScheduleProblem } from '../schedules/build-roster-problem.js';
import { effectOf, whatIf } from '../schedules/cells-what-if.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';

/** The claimed cell as a change of the one path. */
export function claimChange(claim: IShiftClaim) {
  return { userId: claim.user.id, date: isoDateOf(claim.date), after: { shiftTypeId: claim.shiftType.id, skill: claim.skill } };
}

/** What setting the claimed cell would do to the schedule's score now (after minus now); null once decided. */
export function claimEffect(built: ScheduleProblem, claim: IShiftClaim): TScore | null {
  return claim.status === 'pending' ? effectOf(whatIf(built, [claimChange(claim)])) : null;
}

export function claimView(claim: IShiftClaim, effect: TScore | null): TClaim {
  return {
    id: claim.id,
    scheduleId: claim.schedule.id,
    userId: claim.user.id,
    date: isoDateOf(claim.date),
    shiftTypeId: claim.shiftType.id,
    skill: claim.skill,
    status: claim.status,
    effect,
    createdAt: claim.createdAt.toISOString(),
    decidedBy: claim.decidedBy?.id ?? null,
    decidedAt: claim.decidedAt ? claim.decidedAt.toISOString() : null,
  };
}

/** The claim as answered, its effect computed on the schedule's cells as they are now. */
export async function claimViewNow(em: EntityManager, claim: IShiftClaim): Promise<TClaim> {
  if (claim.status !== 'pending') return claimView(claim, null);
  const schedule = await findWardSchedule(em, { wardId: claim.ward.id, id: claim.schedule.id });
  return claimView(claim, claimEffect(await buildRosterProblem(em, schedulePeriod(schedule)), claim));
}
