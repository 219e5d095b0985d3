import type { EntityManager } from '@mikro-orm/postgresql';
import type { TClaim } from '../../../../shared/schemas/rota/open-shifts.js';
import { AppError } from '../../../app-error.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import type { IShiftClaim } from '../../../db/entities/shift-claim.js';
import { notify } from '../../notifications/notify.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import type { ScheduleProblem } from '../schedules/build-roster-problem.js';
import type { CellChangeContext } from '../schedules/change-cells.js';
import { cellOf } from '../schedules/cells-what-if.js';
import { approveCellRequest, rejectCellRequest, type DecideCellRequestInput } from '../schedules/decide-cell-request.js';
import { rosteredSkills } from '../staff/rostered-skills.js';
import { claimChange, claimViewNow } from './claim-view.js';
import { findVisibleClaim } from './find-visible-claim.js';
import { isOpen } from './open-places.js';

export type DecideClaimInput = DecideCellRequestInput<'approved' | 'rejected' | 'cancelled'>;

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
      await rejectCellRequest(tx, { kind: 'claim', request: claim }, input.note || null, ctx);
    }
    await notify(tx, [{ userId: claim.user.id, kind: 'claim_decided', data: { claimId: claim.id, scheduleId: claim.schedule.id, status: claim.status } }], ctx.now);
    return { refusal: null, claim: await claimViewNow(tx, claim) };
  });
  if (result.refusal) throw result.refusal;
  return result.claim!;
}

/** Sets the claimed cell: stale unless the claimant's cell is still empty, the shift open, the day not history and the skill theirs. */
async function setClaimedCell(tx: EntityManager, claim: IShiftClaim, acceptViolations: boolean, ctx: CellChangeContext): Promise<AppError | null> {
  const date = isoDateOf(claim.date);
  const stillFits = async (built: ScheduleProblem, today: string) => {
    const skills = await rosteredSkills(tx, claim.ward.id, claim.user.id);
    return date >= today && skills?.includes(claim.skill) === true && cellOf(built, claim.user.id, date) === null && isOpen(built, date, claim.shiftType.id, claim.skill);
  };
  return approveCellRequest(tx, { kind: 'claim', request: claim }, { changes: [claimChange(claim)], stillFits, acceptViolations }, ctx);
}
