import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Schedule } from './schedule.js';
import { ShiftType } from './shift-type.js';
import { User } from './user.js';

/**
 * One cell of a schedule: a person works a shift type on a date, with one of their skills (docs/rota.md §6).
 * A day off is no row. `pinned` cells are kept as they are by automatic generation.
 */
export const Assignment = defineEntity({
  name: 'Assignment',
  properties: {
    id: p.integer().primary().autoincrement(),
    schedule: () => p.manyToOne(Schedule).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('assignment_user_index'),
    date: p.date(),
    // A used shift type cannot be deleted (docs/rota.md §2): the service says so first, the key is the backstop.
    shiftType: () => p.manyToOne(ShiftType).deleteRule('restrict').index('assignment_shift_type_index'),
    skill: p.string().length(50),
    pinned: p.boolean(),
  },
  uniques: [{ name: 'assignment_cell_unique', properties: ['schedule', 'user', 'date'] }],
});
export type IAssignment = InferEntity<typeof Assignment>;
