import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Hospital } from './hospital.js';

export const Ward = defineEntity({
  name: 'Ward',
  properties: {
    id: p.integer().primary().autoincrement(),
    hospital: () => p.manyToOne(Hospital),
    name: p.string().length(200),
    /** Lower-cased name: ward names are unique in a hospital regardless of letter case. */
    nameKey: p.string().length(200),
    createdAt: p.datetime(),
  },
  uniques: [{ name: 'ward_hospital_name_key_unique', properties: ['hospital', 'nameKey'] }],
});

export type IWard = InferEntity<typeof Ward>;
