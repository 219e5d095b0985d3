import type { EntityManager } from '@mikro-orm/postgresql';
import type { TClaim } from '../../../../shared/schemas/rota/open-shifts.js';
import { AppError } from '../../../app-error.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import type { IShiftClaim } from '../../../db/entities/shift-claim.js';
import { User } from '../../../db/entities/user.js';
import { notify } from '../../notifications/notify.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { changeCells, hospitalToday, type CellChangeContext } from '../schedules/change-cells.js';
import { addedHardViolations, cellOf, whatIf } from '../schedules/cells-what-if.js';
import { findWardSchedule } from '../schedules/find-ward-schedule.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { rosteredSkills } from '../staff/rostered-skills.js';
import { claimChange, claimViewNow } from './claim-view.js';
import { findVisibleClaim } from './find-visible-claim.js';
import { isOpen } from './open-places.js';

export interface DecideClaimInput {
  wardId: number;
  id: number;
  decision: 'approved' | 'rejected' | 'cancelled';
  acceptViolations?: boolean | undefined;
  note?: string | undefined;
}

/**
 * A manager approves or rejects a pending claim, or its claimant cancels it (docs/rota.md §11.4); a claim that is not
 * pending is 409 `claim_not_pending` before anything else, and the claim's row is locked so that decisions take turns.
 * Approving locks the schedule: when the claimant's cell is no longer empty, the shift no longer open, the day history
 * or the skill no longer theirs, the claim becomes `stale` (409 `claim_stale`); when the cell would add hard violations
 * and `acceptViolations` is not set, 409 `claim_infeasible` listing them. Else the cell is set through the one path
 * (route `claim`). The claimant is told of a manager's decision.
 */
export async function decideClaim(em: EntityManager, input: DecideClaimInput, ctx: CellChangeContext): Promise<TClaim> {
  const result = await em.transactional(async (tx) => {
    const claim = await findVisibleClaim(tx, { wardId: input.wardId, id: input.id, lock: true }, ctx.actor);
    if (claim.status !== 'pending') throw new AppError('claim_not_pending');
    if (input.decision === 'cancelled') {
      if (claim.user.id !== ctx.actor.id) throw new AppError('forbidden');
      Object.assign(claim, { status: 'cancelled', updatedAt: ctx.now });
      recordRotaEvent(tx, { type: 'claim_cancelled', wardId: input.wardId, objectType: 'claim', objectId: claim.id, userId: claim.user.id }, ctx);
      await tx.flush();
      return { refusal: null, claim: await claimViewNow(tx, claim) };
    }
    if (input.decision === 'approved') {
      const refusal = await setClaimedCell(tx, claim, input.acceptViolations === true, ctx);
      if (refusal) return { refusal, claim: null };
    } else {
      const note = input.note || null;
      Object.assign(claim, { status: 'rejected', decisionNote: note, decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now, updatedAt: ctx.now });
      recordRotaEvent(tx, { type: 'claim_rejected', wardId: input.wardId, objectType: 'claim', objectId: claim.id, userId: claim.user.id, note }, ctx);
      await tx.flush();
    }
    await notify(tx, [{ userId: claim.user.id, kind: 'claim_decided', data: { claimId: claim.id, scheduleId: claim.schedule.id, status: claim.status } }], ctx.now);
    return { refusal: null, claim: await claimViewNow(tx, claim) };
  });
  if (result.refusal) throw result.refusal;
  return result.claim!;
}

async function setClaimedCell(tx: EntityManager, claim: IShiftClaim, acceptViolations: boolean, ctx: CellChangeContext): Promise<AppError | null> {
  const schedule = await findWardSchedule(tx, { wardId: claim.ward.id, id: claim.schedule.id, lock: true });
  const built = await buildRosterProblem(tx, schedulePeriod(schedule));
  const date = isoDateOf(claim.date);
  const skills = await rosteredSkills(tx, claim.ward.id, claim.user.id);
  const fresh =
    date >= hospitalToday(ctx) && skills?.includes(claim.skill) === true && cellOf(built, claim.user.id, date) === null && isOpen(built, date, claim.shiftType.id, claim.skill);
  const change = claimChange(claim);
  const outcome = fresh ? whatIf(built, [change]) : null;
  if (!outcome) {
    Object.assign(claim, { status: 'stale', updatedAt: ctx.now });
    recordRotaEvent(tx, { type: 'claim_stale', wardId: claim.ward.id, objectType: 'claim', objectId: claim.id, userId: claim.user.id }, ctx);
    await tx.flush();
    return new AppError('claim_stale');
  }
  const added = addedHardViolations(outcome);
  if (added.length > 0 && !acceptViolations) return new AppError('claim_infeasible', { details: { violations: added } });
  await changeCells(tx, { wardId: claim.ward.id, scheduleId: schedule.id, expectedVersion: schedule.version, changes: [change], route: 'claim' }, ctx);
  Object.assign(claim, { status: 'approved', decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now, updatedAt: ctx.now });
  recordRotaEvent(
    tx,
    { type: 'claim_approved', wardId: claim.ward.id, objectType: 'claim', objectId: claim.id, userId: claim.user.id, note: added.length > 0 ? `accepted ${added.length} hard violations` : null },
    ctx,
  );
  await tx.flush();
  return null;
}
