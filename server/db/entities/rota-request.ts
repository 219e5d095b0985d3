import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ShiftType } from './shift-type.js';
import { User } from './user.js';
import { Ward } from './ward.js';

export const REQUEST_KINDS = ['day_off', 'shift_off', 'shift_on', 'leave'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const PREFERENCE_KINDS = ['day_off', 'shift_off', 'shift_on'] as const satisfies readonly RequestKind[];

/** Preferences are `active` or `cancelled`; a leave goes `pending` → `approved` | `rejected`, and may be `cancelled`. */
export const REQUEST_STATUSES = ['active', 'pending', 'approved', 'rejected', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Why a leave is taken; preferences have none. */
export const LEAVE_REASONS = ['annual', 'sick', 'other'] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];

/**
 * A staff request of docs/rota.md §5: a preference, or a leave. `endDate` equals `date` for a preference.
 * The ward is the person's home ward when it was made. A decision records who, when and why.
 */
export const RotaRequest = defineEntity({
  name: 'RotaRequest',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('rota_request_user_index'),
    kind: p.enum(REQUEST_KINDS),
    date: p.date(),
    endDate: p.date(),
    shiftType: () => p.manyToOne(ShiftType).nullable().deleteRule('cascade').index('rota_request_shift_type_index'),
    note: p.string().length(500).nullable(),
    reason: p.enum(LEAVE_REASONS).nullable(),
    status: p.enum(REQUEST_STATUSES),
    /** Who made it: the person, or a manager on their behalf. */
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    decidedAt: p.datetime().nullable(),
    decisionNote: p.string().length(500).nullable(),
    cancelledBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    cancelledAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'rota_request_ward_dates_index', properties: ['ward', 'date', 'endDate'] }],
});

export type IRotaRequest = InferEntity<typeof RotaRequest>;
