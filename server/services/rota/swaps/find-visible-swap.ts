import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { ShiftSwap, type IShiftSwap } from '../../../db/entities/shift-swap.js';
import type { IUser } from '../../../db/entities/user.js';

/**
 * A swap of the ward that `actor` may see: any of the ward's for a manager, else only one they are a party to;
 * anything else, like an unknown id, is 404 `swap_not_found`. `lock` holds its row for the rest of the transaction,
 * so that two decisions on one swap take turns.
 */
export async function findVisibleSwap(em: EntityManager, input: { wardId: number; id: number; lock?: boolean }, actor: IUser): Promise<IShiftSwap> {
  const swap = await em.findOne(ShiftSwap, { id: input.id, ward: input.wardId }, input.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : { refresh: true });
  if (!swap || (actor.role !== 'manager' && swap.fromUser.id !== actor.id && swap.toUser.id !== actor.id)) throw new AppError('swap_not_found');
  return swap;
}
