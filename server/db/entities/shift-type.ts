import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Ward } from './ward.js';

/**
 * A kind of shift a ward works (docs/rota.md §2). Times are minutes after midnight; `endMinute <= startMinute`
 * means the shift ends on the next day. Its forbidden successors are rows of `ForbiddenSuccession`.
 */
export const ShiftType = defineEntity({
  name: 'ShiftType',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    code: p.string().length(8),
    /** Lower-cased code: codes are unique in a ward regardless of letter case. */
    codeKey: p.string().length(8),
    name: p.string().length(100),
    startMinute: p.integer(),
    endMinute: p.integer(),
    minConsecutive: p.integer(),
    maxConsecutive: p.integer(),
    /** Inactive shift types stay for old cells but are never assigned anew. */
    active: p.boolean().default(true),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ name: 'shift_type_ward_code_key_unique', properties: ['ward', 'codeKey'] }],
});

export type IShiftType = InferEntity<typeof ShiftType>;
