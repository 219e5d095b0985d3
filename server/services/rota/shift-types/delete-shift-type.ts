import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { ShiftType } from '../../../db/entities/shift-type.js';
import { isForeignKeyViolation } from '../../../db/foreign-key-violation.js';
import type { ServiceContext } from '../../service-context.js';
import { lockWard } from '../lock-ward.js';
import { findWardShiftType } from './find-ward-shift-types.js';
import { shiftTypeInUse } from './shift-type-in-use.js';

/**
 * Removes a shift type no schedule uses (409 `shift_type_in_use` otherwise: deactivate it instead).
 * Its forbidden successions, coverage rows and the preferences naming it go with it.
 */
export async function deleteShiftType(em: EntityManager, input: { wardId: number; id: number }, _ctx: ServiceContext): Promise<void> {
  try {
    await em.transactional(async (tx) => {
      await lockWard(tx, input.wardId);
      const type = await findWardShiftType(tx, input.wardId, input.id);
      if (await shiftTypeInUse(tx, type.id)) throw new AppError('shift_type_in_use');
      await tx.nativeDelete(ShiftType, { id: type.id });
    });
  } catch (error) {
    // Cells are written without the ward's lock: one committed after the check is caught by its foreign key.
    if (isForeignKeyViolation(error)) throw new AppError('shift_type_in_use', { cause: error });
    throw error;
  }
}
