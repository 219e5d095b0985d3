import type { EntityManager } from '@mikro-orm/postgresql';
import type { TShiftType, TUpdateShiftTypeRequest } from '../../../../shared/schemas/rota/shift-types.js';
import { AppError } from '../../../app-error.js';
import { ForbiddenSuccession } from '../../../db/entities/forbidden-succession.js';
import type { ServiceContext } from '../../service-context.js';
import { shiftCodeKey, withShiftCodeUnique } from './create-shift-type.js';
import { findWardShiftType, findWardShiftTypes } from './find-ward-shift-types.js';
import { forbiddenNextOf, minuteOfDay, shiftTypeView } from './shift-type-view.js';

/** Changes the fields given; `forbiddenNext`, when given, replaces the whole list. */
export async function updateShiftType(em: EntityManager, input: TUpdateShiftTypeRequest & { wardId: number }, ctx: ServiceContext): Promise<TShiftType> {
  return withShiftCodeUnique(() =>
    em.transactional(async (tx) => {
      const type = await findWardShiftType(tx, input.wardId, input.id);
      const minConsecutive = input.minConsecutive ?? type.minConsecutive;
      const maxConsecutive = input.maxConsecutive ?? type.maxConsecutive;
      if (minConsecutive > maxConsecutive) {
        throw new AppError('invalid_input', { issues: [{ path: 'maxConsecutive', message: 'minConsecutive must not exceed maxConsecutive.' }] });
      }
      if (input.code !== undefined) tx.assign(type, { code: input.code, codeKey: shiftCodeKey(input.code) });
      if (input.name !== undefined) type.name = input.name;
      if (input.start !== undefined) type.startMinute = minuteOfDay(input.start);
      if (input.end !== undefined) type.endMinute = minuteOfDay(input.end);
      if (input.active !== undefined) type.active = input.active;
      Object.assign(type, { minConsecutive, maxConsecutive, updatedAt: ctx.now });
      if (input.forbiddenNext !== undefined) {
        const successors = await findWardShiftTypes(tx, input.wardId, input.forbiddenNext);
        await tx.nativeDelete(ForbiddenSuccession, { shiftType: type.id });
        for (const next of successors.values()) tx.create(ForbiddenSuccession, { shiftType: type, next });
      }
      await tx.flush();
      return shiftTypeView(type, (await forbiddenNextOf(tx, [type.id])).get(type.id)!);
    }),
  );
}
