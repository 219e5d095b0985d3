import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Hospital } from './hospital.js';

/** A hospital-wide holiday (docs/rota.md §4): its coverage is that of the first weekend day. */
export const Holiday = defineEntity({
  name: 'Holiday',
  properties: {
    id: p.integer().primary().autoincrement(),
    hospital: () => p.manyToOne(Hospital).deleteRule('cascade'),
    date: p.date(),
    name: p.string().length(200),
    createdAt: p.datetime(),
  },
  uniques: [{ name: 'holiday_hospital_date_unique', properties: ['hospital', 'date'] }],
});

export type IHoliday = InferEntity<typeof Holiday>;
