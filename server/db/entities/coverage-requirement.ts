import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ShiftType } from './shift-type.js';
import { Ward } from './ward.js';

/**
 * How many cells of a shift type, made with a skill, a day needs (docs/rota.md §4). Exactly one of `weekday`
 * (the usual week) and `date` (a one-day override) is set. PostgreSQL's unique constraints treat nulls as
 * distinct, so the two constraints below allow one row per weekday and one per date, and nothing else.
 */
export const CoverageRequirement = defineEntity({
  name: 'CoverageRequirement',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade').index('coverage_requirement_ward_index'),
    shiftType: () => p.manyToOne(ShiftType).deleteRule('cascade'),
    skill: p.string().length(50),
    weekday: p.integer().nullable(),
    date: p.date().nullable(),
    minimum: p.integer(),
    optimal: p.integer(),
  },
  uniques: [
    { name: 'coverage_requirement_weekday_unique', properties: ['shiftType', 'skill', 'weekday'] },
    { name: 'coverage_requirement_date_unique', properties: ['shiftType', 'skill', 'date'] },
  ],
});

export type ICoverageRequirement = InferEntity<typeof CoverageRequirement>;
