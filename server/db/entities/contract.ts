import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Ward } from './ward.js';

/** A named rule set for staff of a ward (docs/rota.md §3). Counts apply per schedule period. */
export const Contract = defineEntity({
  name: 'Contract',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    name: p.string().length(100),
    /** Lower-cased name: names are unique in a ward regardless of letter case. */
    nameKey: p.string().length(100),
    minAssignments: p.integer(),
    maxAssignments: p.integer(),
    minConsecutiveWorkingDays: p.integer(),
    maxConsecutiveWorkingDays: p.integer(),
    minConsecutiveDaysOff: p.integer(),
    maxConsecutiveDaysOff: p.integer(),
    maxWorkingWeekends: p.integer(),
    completeWeekends: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ name: 'contract_ward_name_key_unique', properties: ['ward', 'nameKey'] }],
});

export type IContract = InferEntity<typeof Contract>;
