import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { ShiftType, type IShiftType } from '../../../db/entities/shift-type.js';

/** A shift type of the ward; unknown or another ward's is 404 `shift_type_not_found`, alike. */
export async function findWardShiftType(em: EntityManager, wardId: number, id: number): Promise<IShiftType> {
  const type = await em.findOne(ShiftType, { id, ward: wardId });
  if (!type) throw new AppError('shift_type_not_found');
  return type;
}

/** Every id names a shift type of the ward, else 404 `shift_type_not_found`. Answers them by id. */
export async function findWardShiftTypes(em: EntityManager, wardId: number, ids: Iterable<number>): Promise<Map<number, IShiftType>> {
  const wanted = [...new Set(ids)];
  const found = wanted.length ? await em.find(ShiftType, { id: { $in: wanted }, ward: wardId }) : [];
  if (found.length !== wanted.length) throw new AppError('shift_type_not_found');
  return new Map(found.map((type) => [type.id, type]));
}
