import { z } from 'zod';
import { ZTimestamp } from '../fields.js';
import { jsonBoolean, ZIsoDate, ZNote, ZRotaBodyId, ZRotaPathId } from './common.js';
import { ZScore } from './schedules.js';

/** The longest range `open-shifts` answers for, both ends included (docs/rota.md §11.4). */
export const OPEN_SHIFTS_MAX_DAYS = 92;

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

export const ZListOpenShiftsRequest = z
  .object({ from: ZIsoDate, to: ZIsoDate })
  .refine(({ from, to }) => to >= from, { message: 'Must not be before from.', path: ['to'] })
  .refine(({ from, to }) => dayNumber(to) - dayNumber(from) + 1 <= OPEN_SHIFTS_MAX_DAYS, {
    message: `At most ${OPEN_SHIFTS_MAX_DAYS} days, both ends included.`,
    path: ['to'],
  });
export type TListOpenShiftsRequest = z.infer<typeof ZListOpenShiftsRequest>;

export const ZOpenShift = z.object({
  scheduleId: z.number().int(),
  date: z.string(),
  shiftTypeId: z.number().int(),
  skill: z.string(),
  minimum: z.number().int(),
  optimal: z.number().int(),
  assigned: z.number().int(),
  /** `optimal - assigned`; while `assigned < minimum` the ward must fill the hole. */
  missing: z.number().int(),
});
export type TOpenShift = z.infer<typeof ZOpenShift>;

export const ZListOpenShiftsResponse = z.object({ openShifts: z.array(ZOpenShift) });
export type TListOpenShiftsResponse = z.infer<typeof ZListOpenShiftsResponse>;

export const ZClaimStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled', 'stale']);
export type TClaimStatus = z.infer<typeof ZClaimStatus>;

export const ZClaim = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  userId: z.number().int(),
  date: z.string(),
  shiftTypeId: z.number().int(),
  skill: z.string(),
  status: ZClaimStatus,
  effect: ZScore.nullable().meta({
    description: "The schedule's score with the claimed cell set minus its score now (positive: worse), computed when read; null once the claim is decided.",
  }),
  createdAt: ZTimestamp,
  decidedBy: z.number().int().nullable(),
  decidedAt: ZTimestamp.nullable(),
});
export type TClaim = z.infer<typeof ZClaim>;

export const ZClaimResponse = z.object({ claim: ZClaim });
export type TClaimResponse = z.infer<typeof ZClaimResponse>;

export const ZListClaimsRequest = z.object({ status: ZClaimStatus.optional() }).optional();
export type TListClaimsRequest = z.infer<typeof ZListClaimsRequest>;

export const ZListClaimsResponse = z.object({ claims: z.array(ZClaim) });
export type TListClaimsResponse = z.infer<typeof ZListClaimsResponse>;

export const ZCreateClaimRequest = z.object({
  date: ZIsoDate,
  shiftTypeId: ZRotaBodyId,
  /** One of yours; by default the first of them that is open for that shift that day. */
  skill: z.string().min(1).max(50).optional(),
});
export type TCreateClaimRequest = z.infer<typeof ZCreateClaimRequest>;

export const ZClaimIdRequest = z.object({ id: ZRotaPathId });
export type TClaimIdRequest = z.infer<typeof ZClaimIdRequest>;

export const ZApproveClaimRequest = z.object({ id: ZRotaPathId, acceptViolations: jsonBoolean().optional() });
export type TApproveClaimRequest = z.infer<typeof ZApproveClaimRequest>;

export const ZRejectClaimRequest = z.object({ id: ZRotaPathId, note: ZNote.optional() });
export type TRejectClaimRequest = z.infer<typeof ZRejectClaimRequest>;
