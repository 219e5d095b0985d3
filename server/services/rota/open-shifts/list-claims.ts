import type { EntityManager } from '@mikro-orm/postgresql';
import type { TClaim, TListClaimsRequest } from '../../../../shared/schemas/rota/open-shifts.js';
import { ShiftClaim } from '../../../db/entities/shift-claim.js';
import type { ServiceContext } from '../../service-context.js';
import { buildRosterProblem, type ScheduleProblem } from '../schedules/build-roster-problem.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { claimEffect, claimView } from './claim-view.js';

/** The ward's claims for a manager, else the caller's own, newest first, filtered by `status`; pending ones with their effect now. */
export async function listClaims(em: EntityManager, input: NonNullable<TListClaimsRequest> & { wardId: number }, ctx: ServiceContext): Promise<TClaim[]> {
  const claims = await em.find(
    ShiftClaim,
    { ward: input.wardId, ...(input.status ? { status: input.status } : {}), ...(ctx.actor.role === 'manager' ? {} : { user: ctx.actor.id }) },
    { orderBy: { id: 'desc' } },
  );
  const built = new Map<number, ScheduleProblem>();
  for (const claim of claims.filter((c) => c.status === 'pending')) {
    if (built.has(claim.schedule.id)) continue;
    const schedule = await findWardSchedule(em, { wardId: input.wardId, id: claim.schedule.id });
    built.set(schedule.id, await buildRosterProblem(em, schedulePeriod(schedule)));
  }
  return claims.map((claim) => claimView(claim, claim.status === 'pending' ? claimEffect(built.get(claim.schedule.id)!, claim) : null));
}
