import { z } from 'zod';
import { ZTimestamp } from '../fields.js';
import { jsonBoolean, ZIsoDate, ZNote, ZRotaBodyId, ZRotaPathId } from './common.js';
import { ZScore } from './schedules.js';

export const ZSwapStatus = z.enum(['offered', 'accepted', 'declined', 'cancelled', 'approved', 'rejected', 'stale']);
export type TSwapStatus = z.infer<typeof ZSwapStatus>;

/** A cell as it was when the swap was offered; `shiftTypeId` and `skill` are null for a day off. */
export const ZSwapCell = z.object({ userId: z.number().int(), date: z.string(), shiftTypeId: z.number().int().nullable(), skill: z.string().nullable() });
export type TSwapCell = z.infer<typeof ZSwapCell>;

export const ZSwap = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  date: z.string(),
  /** Equal to `date` for an exchange of one day. */
  theirDate: z.string(),
  cells: z.array(ZSwapCell),
  status: ZSwapStatus,
  note: z.string().nullable(),
  effect: ZScore.nullable().meta({
    description: "The schedule's score after the exchange minus its score now (positive: worse), computed when read; null once the swap is closed.",
  }),
  createdAt: ZTimestamp,
  decidedBy: z.number().int().nullable(),
  decidedAt: ZTimestamp.nullable(),
});
export type TSwap = z.infer<typeof ZSwap>;

export const ZSwapResponse = z.object({ swap: ZSwap });
export type TSwapResponse = z.infer<typeof ZSwapResponse>;

export const ZListSwapsRequest = z.object({ status: ZSwapStatus.optional() }).optional();
export type TListSwapsRequest = z.infer<typeof ZListSwapsRequest>;

export const ZListSwapsResponse = z.object({ swaps: z.array(ZSwap) });
export type TListSwapsResponse = z.infer<typeof ZListSwapsResponse>;

export const ZOfferSwapRequest = z.object({
  /** A day of a published schedule of the ward, from today on. */
  date: ZIsoDate,
  withUserId: ZRotaBodyId,
  /** The other day exchanged, in the same schedule; `date` when left out. */
  theirDate: ZIsoDate.optional(),
  note: ZNote.optional(),
});
export type TOfferSwapRequest = z.infer<typeof ZOfferSwapRequest>;

export const ZSwapIdRequest = z.object({ id: ZRotaPathId });
export type TSwapIdRequest = z.infer<typeof ZSwapIdRequest>;

export const ZApproveSwapRequest = z.object({ id: ZRotaPathId, acceptViolations: jsonBoolean().optional() });
export type TApproveSwapRequest = z.infer<typeof ZApproveSwapRequest>;

export const ZRejectSwapRequest = z.object({ id: ZRotaPathId, note: ZNote.optional() });
export type TRejectSwapRequest = z.infer<typeof ZRejectSwapRequest>;
