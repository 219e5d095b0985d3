import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCoverageRow, TReadCoverageRequest } from '../../../../shared/schemas/rota/coverage.js';
import { CoverageRequirement, type ICoverageRequirement } from '../../../db/entities/coverage-requirement.js';

export function coverageRowView(row: ICoverageRequirement): TCoverageRow {
  return { shiftTypeId: row.shiftType.id, skill: row.skill, weekday: row.weekday ?? null, date: row.date ?? null, minimum: row.minimum, optimal: row.optimal };
}

/** The ward's coverage table in the order it was given; `from`/`to` limit the date rows only. */
export async function readCoverage(em: EntityManager, input: NonNullable<TReadCoverageRequest> & { wardId: number }): Promise<TCoverageRow[]> {
  const dates = { ...(input.from ? { $gte: input.from } : {}), ...(input.to ? { $lte: input.to } : {}) };
  const rows = await em.find(
    CoverageRequirement,
    { ward: input.wardId, ...(input.from || input.to ? { $or: [{ date: null }, { date: dates }] } : {}) },
    { orderBy: { id: 'asc' } },
  );
  return rows.map(coverageRowView);
}
