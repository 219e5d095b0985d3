import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ShiftType } from './shift-type.js';

/** `next` may not be worked on the day after `shiftType` (a shift type's explicit `forbiddenNext`, docs/rota.md §2). */
export const ForbiddenSuccession = defineEntity({
  name: 'ForbiddenSuccession',
  properties: {
    id: p.integer().primary().autoincrement(),
    shiftType: () => p.manyToOne(ShiftType).deleteRule('cascade'),
    next: () => p.manyToOne(ShiftType).deleteRule('cascade').index('forbidden_succession_next_index'),
  },
  uniques: [{ name: 'forbidden_succession_pair_unique', properties: ['shiftType', 'next'] }],
});

export type IForbiddenSuccession = InferEntity<typeof ForbiddenSuccession>;
