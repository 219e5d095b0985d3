import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Schedule } from './schedule.js';
import { ShiftType } from './shift-type.js';
import { User } from './user.js';
import { Ward } from './ward.js';

/** `pending` → `approved` | `rejected` | `cancelled` | `stale`. */
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'stale'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A staff member volunteers for an open shift of a published schedule (docs/rota.md §11.4): their empty cell, that shift. */
export const ShiftClaim = defineEntity({
  name: 'ShiftClaim',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    schedule: () => p.manyToOne(Schedule).deleteRule('cascade').index('shift_claim_schedule_index'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('shift_claim_user_index'),
    date: p.date(),
    shiftType: () => p.manyToOne(ShiftType).deleteRule('cascade').index('shift_claim_shift_type_index'),
    skill: p.string().length(50),
    status: p.enum(CLAIM_STATUSES),
    decisionNote: p.string().length(500).nullable(),
    decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type IShiftClaim = InferEntity<typeof ShiftClaim>;
