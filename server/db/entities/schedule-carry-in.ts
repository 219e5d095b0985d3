import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Schedule } from './schedule.js';
import { ShiftType } from './shift-type.js';
import { User } from './user.js';

/**
 * How a person's days before a schedule's first day ended, as set explicitly (docs/rota.md §6). Used only
 * while no schedule of the ward ends the day before: then the carry-in is derived from that one.
 */
export const ScheduleCarryIn = defineEntity({
  name: 'ScheduleCarryIn',
  properties: {
    id: p.integer().primary().autoincrement(),
    schedule: () => p.manyToOne(Schedule).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('schedule_carry_in_user_index'),
    lastShiftType: () => p.manyToOne(ShiftType).nullable().deleteRule('restrict').index('schedule_carry_in_shift_type_index'),
    consecutiveWorkingDays: p.integer(),
    consecutiveDaysOff: p.integer(),
    consecutiveSameShift: p.integer(),
  },
  uniques: [{ name: 'schedule_carry_in_person_unique', properties: ['schedule', 'user'] }],
});
export type IScheduleCarryIn = InferEntity<typeof ScheduleCarryIn>;
