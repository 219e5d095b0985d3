import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { ShiftClaim, type IShiftClaim } from '../../../db/entities/shift-claim.js';
import type { IUser } from '../../../db/entities/user.js';

/**
 * A claim of the ward that `actor` may see: any of the ward's for a manager, else only their own; anything else is
 * 404 `claim_not_found`. `lock` holds its row for the rest of the transaction, so decisions on one claim take turns.
 */
export async function findVisibleClaim(em: EntityManager, input: { wardId: number; id: number; lock?: boolean }, actor: IUser): Promise<IShiftClaim> {
  const claim = await em.findOne(ShiftClaim, { id: input.id, ward: input.wardId }, input.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : { refresh: true });
  if (!claim || (actor.role !== 'manager' && claim.user.id !== actor.id)) throw new AppError('claim_not_found');
  return claim;
}
