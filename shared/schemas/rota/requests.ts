import { z } from 'zod';
import { ZTimestamp } from '../fields.js';
import { jsonBoolean, ZIsoDate, ZNote, ZRotaBodyId, ZRotaPathId } from './common.js';

export const ZRequestKind = z.enum(['day_off', 'shift_off', 'shift_on', 'leave']);
export type TRequestKind = z.infer<typeof ZRequestKind>;

/** Preferences: `active` | `cancelled`. Leave: `pending` → `approved` | `rejected`; `pending` | `approved` → `cancelled`. */
export const ZRequestStatus = z.enum(['active', 'pending', 'approved', 'rejected', 'cancelled']);
export type TRequestStatus = z.infer<typeof ZRequestStatus>;

/** Why a leave is taken: `annual` when not said. */
export const ZLeaveReason = z.enum(['annual', 'sick', 'other']);
export type TLeaveReason = z.infer<typeof ZLeaveReason>;

/**
 * The most open requests one person may have (docs/rota.md §10): pending leave and active preferences whose last day
 * is today or later. One more answers 409 `open_request_limit`.
 */
export const MAX_OPEN_REQUESTS = 200;

/** How many requests one page of the list holds by default, and at most (`limit`). */
export const REQUESTS_PAGE = { default: 500, max: 500 } as const;

/** A leave covers at most this many days, both ends counted. */
export const MAX_LEAVE_DAYS = 62;

export const ZRotaRequest = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  kind: ZRequestKind,
  date: z.string(),
  /** The last day of a leave; equal to `date` for a preference. */
  endDate: z.string(),
  /** The shift type of `shift_off` / `shift_on`; null otherwise. */
  shiftTypeId: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Leave only (`annual`, `sick`, `other`); null for a preference. */
  reason: ZLeaveReason.nullable(),
  status: ZRequestStatus,
  /** Who approved or rejected it, when, and why. */
  decidedBy: z.number().int().nullable(),
  decidedAt: ZTimestamp.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TRotaRequest = z.infer<typeof ZRotaRequest>;

export const ZListRequestsResponse = z.object({
  requests: z.array(ZRotaRequest),
  /** The `cursor` of the next page, or null on the last one. */
  nextCursor: z.string().nullable(),
});
export type TListRequestsResponse = z.infer<typeof ZListRequestsResponse>;

export const ZRequestResponse = z.object({ request: ZRotaRequest });
export type TRequestResponse = z.infer<typeof ZRequestResponse>;

/** Days from `date` to `endDate`, both counted. */
export function daysInclusive(date: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000) + 1;
}

export const ZCreateRequestRequest = z
  .object({
    /** Whose request: the caller when left out; a manager may name any account of the ward. */
    userId: ZRotaBodyId.optional(),
    kind: ZRequestKind,
    date: ZIsoDate,
    /** Leave only: its last day; a leave covers at most 62 days, both ends counted. */
    endDate: ZIsoDate.optional(),
    /** `shift_off` and `shift_on` only. */
    shiftTypeId: ZRotaBodyId.nullable().optional(),
    note: ZNote.optional(),
    /** Leave only: why; `annual` when left out. */
    reason: ZLeaveReason.optional(),
    /** Leave only, a manager only: file it approved at once. */
    approve: jsonBoolean().optional(),
  })
  .superRefine((request, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const needsShift = request.kind === 'shift_off' || request.kind === 'shift_on';
    if (needsShift && request.shiftTypeId == null) issue('shiftTypeId', `A ${request.kind} request names a shift type.`);
    if (!needsShift && request.shiftTypeId != null) issue('shiftTypeId', `A ${request.kind} request names no shift type.`);
    if (request.kind !== 'leave') {
      if (request.reason !== undefined) issue('reason', 'Only a leave has a reason.');
      if (request.approve !== undefined) issue('approve', 'Only a leave is approved.');
      if (request.endDate !== undefined && request.endDate !== request.date) issue('endDate', 'A preference is for one day: endDate, if given, equals date.');
      return;
    }
    if (request.endDate === undefined) return issue('endDate', 'A leave needs its endDate.');
    const days = daysInclusive(request.date, request.endDate);
    if (days < 1) issue('endDate', 'endDate must not be before date.');
    else if (days > MAX_LEAVE_DAYS) issue('endDate', `A leave covers at most ${MAX_LEAVE_DAYS} days.`);
  });
export type TCreateRequestRequest = z.infer<typeof ZCreateRequestRequest>;

export const ZListRequestsRequest = z
  .object({
    status: ZRequestStatus.optional(),
    userId: ZRotaPathId.optional(),
    /** Requests whose [date, endDate] meets [from, to]. */
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(REQUESTS_PAGE.max)
      .optional()
      .meta({ description: `Requests per page: 1 to ${REQUESTS_PAGE.max}, ${REQUESTS_PAGE.default} when left out.` }),
    /** Where the next page starts: the previous page's `nextCursor`. */
    cursor: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, "Must be a previous page's nextCursor.")
      .optional()
      .meta({ description: "The previous page's nextCursor." }),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'from must not be after to.', path: ['to'] })
  .optional();
export type TListRequestsRequest = z.infer<typeof ZListRequestsRequest>;

export const ZDecideRequestRequest = z.object({ id: ZRotaPathId, note: ZNote.optional() });
export type TDecideRequestRequest = z.infer<typeof ZDecideRequestRequest>;

export const ZCancelRequestRequest = z.object({ id: ZRotaPathId });
export type TCancelRequestRequest = z.infer<typeof ZCancelRequestRequest>;
