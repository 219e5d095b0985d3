import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Schedule } from './schedule.js';
import { User } from './user.js';
import { Ward } from './ward.js';

/** `offered` → `accepted` → `approved` | `rejected` | `stale`; `offered` → `declined`; `offered` | `accepted` → `cancelled`. */
export const SWAP_STATUSES = ['offered', 'accepted', 'declined', 'cancelled', 'approved', 'rejected', 'stale'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
/** A swap that still holds its cells: another swap over one of them is refused. */
export const OPEN_SWAP_STATUSES = ['offered', 'accepted'] as const satisfies readonly SwapStatus[];

/** A cell as it was when the swap was offered; a day off has no shift type and no skill. */
export interface SwapCell {
  userId: number;
  date: string;
  shiftTypeId: number | null;
  skill: string | null;
}

/**
 * Two staff members exchange their cells of a published schedule on `date` and, when it differs, on `theirDate`
 * (docs/rota.md §11.3). `cells` keeps what the two or four cells held when it was offered: the exchange is made
 * only while they still hold it.
 */
export const ShiftSwap = defineEntity({
  name: 'ShiftSwap',
  properties: {
    id: p.integer().primary().autoincrement(),
    ward: () => p.manyToOne(Ward).deleteRule('cascade'),
    schedule: () => p.manyToOne(Schedule).deleteRule('cascade').index('shift_swap_schedule_index'),
    fromUser: () => p.manyToOne(User).deleteRule('cascade').index('shift_swap_from_user_index'),
    toUser: () => p.manyToOne(User).deleteRule('cascade').index('shift_swap_to_user_index'),
    date: p.date(),
    theirDate: p.date(),
    cells: p.json<SwapCell[]>(),
    status: p.enum(SWAP_STATUSES),
    note: p.string().length(500).nullable(),
    decisionNote: p.string().length(500).nullable(),
    decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type IShiftSwap = InferEntity<typeof ShiftSwap>;
