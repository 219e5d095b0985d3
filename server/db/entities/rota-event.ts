import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';
import { Ward } from './ward.js';

/**
 * Audit trail of rota changes that matter to people: decisions on requests, and later changes to
 * published schedules. The object is named by type and id rather than a foreign key, so any rota
 * object can be audited without a new column, and the record outlives the object.
 */
export const RotaEvent = defineEntity({
  name: 'RotaEvent',
  properties: {
    id: p.integer().primary().autoincrement(),
    type: p.string().length(64),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    /** `request`, `schedule`, … */
    objectType: p.string().length(32),
    objectId: p.integer(),
    /** The person the object concerns (the owner of a request), when there is one. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    note: p.string().length(500).nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'rota_event_object_index', properties: ['objectType', 'objectId'] }],
});

export type IRotaEvent = InferEntity<typeof RotaEvent>;
