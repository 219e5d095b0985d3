import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import type { IShiftClaim } from '../../../db/entities/shift-claim.js';
import type { IShiftSwap } from '../../../db/entities/shift-swap.js';
import { User } from '../../../db/entities/user.js';
import { recordRotaEvent } from '../audit/record-rota-event.js';
import { buildRosterProblem, type ScheduleProblem } from './build-roster-problem.js';
import { changeCells, hospitalToday, type CellChange, type CellChangeContext } from './change-cells.js';
import { addedHardViolations, whatIf } from './cells-what-if.js';
import { findWardSchedule } from './find-ward-schedule.js';
import { schedulePeriod } from './schedule-view.js';

/**
 * A staff request whose approval changes cells of a published schedule (docs/rota.md §11.3, §11.4): a claim of an open
 * shift or a swap of cells. Both are decided alike: approved through the one path of cell changes, or rejected.
 */
export type CellRequest = { kind: 'claim'; request: IShiftClaim } | { kind: 'swap'; request: IShiftSwap };

/** What a decision of a claim or a swap is given. */
export interface DecideCellRequestInput<Decision extends string> {
  wardId: number;
  id: number;
  decision: Decision;
  acceptViolations?: boolean | undefined;
  note?: string | undefined;
}

/** The decision fields of a claim or a swap just made: nobody has decided it yet. */
export function undecided(now: Date) {
  return { decisionNote: null, decidedBy: null, decidedAt: null, createdAt: now, updatedAt: now };
}

/** Whose request it is: the person its audit records and its claimant's notification name. */
function ownerOf({ kind, request }: CellRequest): number {
  return kind === 'claim' ? request.user.id : request.fromUser.id;
}

export interface CellRequestApproval {
  changes: CellChange[];
  /** Whether the request still fits the schedule as it now is (its days not history): if not, it is stale. */
  stillFits(built: ScheduleProblem, today: string): boolean | Promise<boolean>;
  acceptViolations: boolean;
}

/**
 * Approves a claim or a swap in the caller's transaction, its row locked, with its schedule locked: when it no longer
 * fits the schedule, it becomes `stale` (committed by the caller) and 409 `<kind>_stale` is answered; when its changes
 * would add hard violations and `acceptViolations` is not set, 409 `<kind>_infeasible` listing them, the request
 * unchanged. Else the cells change through the one path (route `claim` or `swap`) and it is `approved`.
 * Answers the refusal to throw once the transaction has committed, or null.
 */
export async function approveCellRequest(tx: EntityManager, cellRequest: CellRequest, approval: CellRequestApproval, ctx: CellChangeContext): Promise<AppError | null> {
  const { kind, request } = cellRequest;
  const event = { wardId: request.ward.id, objectType: kind, objectId: request.id, userId: ownerOf(cellRequest) };
  const schedule = await findWardSchedule(tx, { wardId: request.ward.id, id: request.schedule.id, lock: true });
  const built = await buildRosterProblem(tx, schedulePeriod(schedule));
  const fits = await approval.stillFits(built, hospitalToday(ctx));
  const outcome = fits ? whatIf(built, approval.changes) : null;
  if (!outcome) {
    Object.assign(request, { status: 'stale', updatedAt: ctx.now });
    recordRotaEvent(tx, { ...event, type: `${kind}_stale` }, ctx);
    await tx.flush();
    return new AppError(`${kind}_stale`);
  }
  const added = addedHardViolations(outcome);
  if (added.length > 0 && !approval.acceptViolations) return new AppError(`${kind}_infeasible`, { details: { violations: added } });
  await changeCells(tx, { wardId: request.ward.id, scheduleId: schedule.id, expectedVersion: schedule.version, changes: approval.changes, route: kind }, ctx);
  Object.assign(request, { status: 'approved', ...decidedNow(tx, ctx) });
  recordRotaEvent(tx, { ...event, type: `${kind}_approved`, note: added.length > 0 ? `accepted ${added.length} hard violations` : null }, ctx);
  await tx.flush();
  return null;
}

/** Rejects a claim or a swap, with the manager's note, in the caller's transaction. */
export async function rejectCellRequest(tx: EntityManager, cellRequest: CellRequest, note: string | null, ctx: CellChangeContext): Promise<void> {
  const { kind, request } = cellRequest;
  Object.assign(request, { status: 'rejected', decisionNote: note, ...decidedNow(tx, ctx) });
  recordRotaEvent(tx, { type: `${kind}_rejected`, wardId: request.ward.id, objectType: kind, objectId: request.id, userId: ownerOf(cellRequest), note }, ctx);
  await tx.flush();
}

function decidedNow(tx: EntityManager, ctx: CellChangeContext) {
  return { decidedBy: tx.getReference(User, ctx.actor.id), decidedAt: ctx.now, updatedAt: ctx.now };
}
