import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCreateShiftTypeRequest, TShiftType } from '../../../../shared/schemas/rota/shift-types.js';
import { AppError } from '../../../app-error.js';
import { ForbiddenSuccession } from '../../../db/entities/forbidden-succession.js';
import { ShiftType } from '../../../db/entities/shift-type.js';
import { Ward } from '../../../db/entities/ward.js';
import { refusingDuplicates } from '../../../db/unique-violation.js';
import { nameKey } from '../../name-key.js';
import type { ServiceContext } from '../../service-context.js';
import { limitReached, WARD_LIMITS } from '../limits.js';
import { lockWard } from '../lock-ward.js';
import { findWardShiftTypes } from './find-ward-shift-types.js';
import { minuteOfDay, shiftTypeView } from './shift-type-view.js';

export const shiftCodeKey = nameKey;

/** Turns the unique index's refusal into 409 `shift_code_taken`: of two racing creations of one code, one wins. */
export function withShiftCodeUnique<T>(work: () => Promise<T>): Promise<T> {
  return refusingDuplicates('shift_type_ward_code_key_unique', (cause) => new AppError('shift_code_taken', { cause }), work);
}

export async function createShiftType(em: EntityManager, input: TCreateShiftTypeRequest & { wardId: number }, ctx: ServiceContext): Promise<TShiftType> {
  return withShiftCodeUnique(() =>
    em.transactional(async (tx) => {
      await lockWard(tx, input.wardId);
      if ((await tx.count(ShiftType, { ward: input.wardId })) >= WARD_LIMITS.shiftTypes) throw limitReached('shiftTypes');
      const successors = await findWardShiftTypes(tx, input.wardId, input.forbiddenNext);
      const type = tx.create(ShiftType, {
        ward: tx.getReference(Ward, input.wardId),
        code: input.code,
        codeKey: shiftCodeKey(input.code),
        name: input.name,
        startMinute: minuteOfDay(input.start),
        endMinute: minuteOfDay(input.end),
        minConsecutive: input.minConsecutive,
        maxConsecutive: input.maxConsecutive,
        active: input.active,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      for (const next of successors.values()) tx.create(ForbiddenSuccession, { shiftType: type, next });
      await tx.flush();
      return shiftTypeView(type, [...successors.keys()].sort((a, b) => a - b));
    }),
  );
}
