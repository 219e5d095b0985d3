import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { Weights } from '../../rota/problem.js';
import { Ward } from './ward.js';

/**
 * A ward's rota rules (docs/rota.md §1). One row per ward, written by its first `PUT /api/rota/settings`;
 * a ward without a row has the defaults.
 */
export const WardRotaSettings = defineEntity({
  name: 'WardRotaSettings',
  tableName: 'ward_rota_settings',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade').unique('ward_rota_settings_ward_unique'),
    /** Weekdays (0 = Sunday … 6 = Saturday) forming the weekend, in the order given. */
    weekendDays: p.json<number[]>(),
    minRestHours: p.integer(),
    /** Every soft constraint's weight, complete (defaults filled in when stored). */
    weights: p.json<Weights>(),
    /** Whether an accepted swap waits for a manager (`manager`) or is made at once (`none`). */
    swapApproval: p.enum(['manager', 'none'] as const).default('manager'),
    updatedAt: p.datetime(),
  },
});

export type IWardRotaSettings = InferEntity<typeof WardRotaSettings>;
