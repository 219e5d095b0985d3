import type { EntityManager } from '@mikro-orm/postgresql';
import type { TShiftType } from '../../../../shared/schemas/rota/shift-types.js';
import { ShiftType } from '../../../db/entities/shift-type.js';
import { forbiddenNextOf, shiftTypeView } from './shift-type-view.js';

/** The ward's shift types, active or not, oldest first. */
export async function listShiftTypes(em: EntityManager, input: { wardId: number }): Promise<TShiftType[]> {
  const types = await em.find(ShiftType, { ward: input.wardId }, { orderBy: { id: 'asc' } });
  const forbidden = await forbiddenNextOf(em, types.map((type) => type.id));
  return types.map((type) => shiftTypeView(type, forbidden.get(type.id)!));
}
