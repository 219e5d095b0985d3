import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';
import { Ward } from './ward.js';

export const SCHEDULE_STATUSES = ['draft', 'published'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * A ward's roster for a period of whole days (docs/rota.md §6). `version` counts changes to its cells and
 * carry-in: an edit names the version it was made on, so that of two editors racing, one wins.
 */
export const Schedule = defineEntity({
  name: 'Schedule',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    startDate: p.date(),
    endDate: p.date(),
    status: p.enum(SCHEDULE_STATUSES),
    version: p.integer(),
    publishedAt: p.datetime().nullable(),
    publishedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'schedule_ward_period_index', properties: ['ward', 'startDate', 'endDate'] }],
});
export type ISchedule = InferEntity<typeof Schedule>;
