import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const Hospital = defineEntity({
  name: 'Hospital',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    createdAt: p.datetime(),
  },
});

export type IHospital = InferEntity<typeof Hospital>;
