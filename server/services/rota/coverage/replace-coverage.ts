import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCoverageRow, TReplaceCoverageRequest } from '../../../../shared/schemas/rota/coverage.js';
import { CoverageRequirement } from '../../../db/entities/coverage-requirement.js';
import type { ServiceContext } from '../../service-context.js';
import { lockWard } from '../lock-ward.js';
import { findWardShiftTypes } from '../shift-types/find-ward-shift-types.js';

/**
 * Replaces the ward's whole coverage table in one transaction: a row naming a shift type that is not
 * the ward's (404 `shift_type_not_found`) leaves the old table as it was.
 */
export async function replaceCoverage(em: EntityManager, input: TReplaceCoverageRequest & { wardId: number }, _ctx: ServiceContext): Promise<TCoverageRow[]> {
  return em.transactional(async (tx) => {
    await lockWard(tx, input.wardId);
    await findWardShiftTypes(tx, input.wardId, input.coverage.map((row) => row.shiftTypeId));
    await tx.nativeDelete(CoverageRequirement, { ward: input.wardId });
    if (input.coverage.length) {
      await tx.insertMany(
        CoverageRequirement,
        input.coverage.map((row) => ({ ward: input.wardId, shiftType: row.shiftTypeId, skill: row.skill, weekday: row.weekday, date: row.date, minimum: row.minimum, optimal: row.optimal })),
      );
    }
    return input.coverage.map((row) => ({ ...row }));
  });
}
