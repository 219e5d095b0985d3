import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Contract } from './contract.js';
import { User } from './user.js';

/**
 * What makes an account rostered staff of its home ward (docs/rota.md §3): its skills, the first being the
 * default, and its contract. The ward is the user's home ward. A contract in use cannot be deleted.
 */
export const StaffProfile = defineEntity({
  name: 'StaffProfile',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').unique('staff_profile_user_unique'),
    skills: p.json<string[]>(),
    contract: () => p.manyToOne(Contract).nullable().deleteRule('restrict').index('staff_profile_contract_index'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type IStaffProfile = InferEntity<typeof StaffProfile>;
