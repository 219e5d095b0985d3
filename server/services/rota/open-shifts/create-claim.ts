import type { EntityManager } from '@mikro-orm/postgresql';
import type { TClaim, TCreateClaimRequest } from '../../../../shared/schemas/rota/open-shifts.js';
import { AppError } from '../../../app-error.js';
import { Schedule } from '../../../db/entities/schedule.js';
import { ShiftClaim } from '../../../db/entities/shift-claim.js';
import { ShiftType } from '../../../db/entities/shift-type.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { buildRosterProblem } from '../schedules/build-roster-problem.js';
import { hospitalToday, type CellChangeContext } from '../schedules/change-cells.js';
import { cellOf } from '../schedules/cells-what-if.js';
import { undecided } from '../schedules/decide-cell-request.js';
import { schedulePeriod } from '../schedules/schedule-view.js';
import { rosteredSkills } from '../staff/rostered-skills.js';
import { claimEffect, claimView } from './claim-view.js';
import { openPlaces } from './open-places.js';

const invalid = (path: string, message: string) => new AppError('invalid_claim', { issues: [{ path, message }] });

/**
 * The caller volunteers for an open shift from today on (docs/rota.md §11.4): a day before today, a cell of theirs
 * that day that is not empty, or a skill not theirs is 400 `invalid_claim`; a shift with no open place for the skill
 * (by default the first of theirs that is open) is 409 `shift_not_open`. The claim waits `pending` for a manager.
 */
export async function createClaim(em: EntityManager, input: TCreateClaimRequest & { wardId: number }, ctx: CellChangeContext): Promise<TClaim> {
  return em.transactional(async (tx) => {
    const skills = await rosteredSkills(tx, input.wardId, ctx.actor.id);
    if (!skills) throw invalid('date', 'You are not rostered staff of the ward.');
    if (input.date < hospitalToday(ctx)) throw invalid('date', 'Days before today are history.');
    if (input.skill !== undefined && !skills.includes(input.skill)) throw invalid('skill', 'Not one of your skills.');
    const schedule = await tx.findOne(Schedule, { ward: input.wardId, status: 'published', startDate: { $lte: input.date }, endDate: { $gte: input.date } });
    if (!schedule) throw new AppError('shift_not_open');
    const built = await buildRosterProblem(tx, schedulePeriod(schedule));
    if (cellOf(built, ctx.actor.id, input.date) !== null) throw invalid('date', 'You already work that day.');
    const open = new Set(openPlaces(built, input.date, input.date).filter((place) => place.shiftTypeId === input.shiftTypeId).map((place) => place.skill));
    const skill = input.skill ?? skills.find((candidate) => open.has(candidate));
    if (skill === undefined || !open.has(skill)) throw new AppError('shift_not_open');

    const claim = tx.create(ShiftClaim, {
      ward: tx.getReference(Ward, input.wardId),
      schedule: tx.getReference(Schedule, schedule.id),
      user: tx.getReference(User, ctx.actor.id),
      date: input.date,
      shiftType: tx.getReference(ShiftType, input.shiftTypeId),
      skill,
      status: 'pending',
      ...undecided(ctx.now),
    });
    await tx.flush();
    recordRotaEvent(tx, { type: 'claim_created', wardId: input.wardId, objectType: 'claim', objectId: claim.id, userId: ctx.actor.id }, ctx);
    await tx.flush();
    return claimView(claim, claimEffect(built, claim));
  });
}
