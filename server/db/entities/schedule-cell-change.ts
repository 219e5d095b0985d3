import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';
import { Ward } from './ward.js';

export const CELL_ROUTES = ['edit', 'swap', 'claim', 'repair'] as const;
export type CellRoute = (typeof CELL_ROUTES)[number];

/**
 * The audit of a published schedule's cells (docs/rota.md §6): who changed which cell when, and what it held
 * before and after. Shift types are kept by id and code, and the schedule by id, so that the record
 * outlives them.
 */
export const ScheduleCellChange = defineEntity({
  name: 'ScheduleCellChange',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    scheduleId: p.integer(),
    /** The schedule's version the change produced: the cells of one edit share it. */
    version: p.integer(),
    /** Whose cell. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    date: p.date(),
    beforeShiftTypeId: p.integer().nullable(),
    beforeShiftCode: p.string().length(8).nullable(),
    beforeSkill: p.string().length(50).nullable(),
    afterShiftTypeId: p.integer().nullable(),
    afterShiftCode: p.string().length(8).nullable(),
    afterSkill: p.string().length(50).nullable(),
    /** Which way the change came: a manual `edit`, an approved `swap` or `claim`, or an applied `repair`. */
    route: p.enum(CELL_ROUTES),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'schedule_cell_change_schedule_index', properties: ['scheduleId', 'version'] }],
});
export type IScheduleCellChange = InferEntity<typeof ScheduleCellChange>;
