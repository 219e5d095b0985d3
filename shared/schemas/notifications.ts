import { z } from 'zod';
import { ZTimestamp } from './fields.js';
import { jsonBoolean, ZRotaBodyId } from './rota/common.js';

/** The kinds of docs/rota.md §11.5, each with who receives it; the notification table stores these. */
export const NOTIFICATION_KINDS = [
  'shift_changed',
  'schedule_published',
  'swap_offered',
  'swap_accepted',
  'swap_declined',
  'swap_decided',
  'claim_decided',
  'request_decided',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/** What a cell held or holds: a shift type with a skill, or `null` for a day off. */
export const ZCellContent = z.object({ shiftTypeId: z.number().int(), skill: z.string() }).nullable();
export type TCellContent = z.infer<typeof ZCellContent>;

/** Which way a published cell changed: a manual edit, an approved swap or claim, an applied repair. */
export const ZCellRoute = z.enum(['edit', 'swap', 'claim', 'repair']);

export const ZNotificationData = z
  .object({
    scheduleId: z.number().int().optional(),
    /** `shift_changed`: the cell's day, what it held and holds, who made the change and which way. */
    date: z.string().optional(),
    before: ZCellContent.optional(),
    after: ZCellContent.optional(),
    by: z.number().int().optional(),
    route: ZCellRoute.optional(),
    swapId: z.number().int().optional(),
    claimId: z.number().int().optional(),
    requestId: z.number().int().optional(),
    /** The decision of `swap_decided`, `claim_decided` and `request_decided`. */
    status: z.string().optional(),
  })
  .meta({ description: 'The objects concerned, by id; which fields are there depends on the kind.' });

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  createdAt: ZTimestamp,
  readAt: ZTimestamp.nullable(),
  data: ZNotificationData,
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsRequest = z
  .object({
    /** `true`: only those not yet read. */
    unread: z.enum(['true', 'false']).optional(),
  })
  .optional();
export type TListNotificationsRequest = z.infer<typeof ZListNotificationsRequest>;

/** The newest first, at most 200. */
export const ZListNotificationsResponse = z.object({ notifications: z.array(ZNotification) });
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

export const MAX_NOTIFICATIONS_LISTED = 200;

export const ZReadNotificationsRequest = z
  .object({
    /** These of yours (others' ids are ignored). */
    ids: z.array(ZRotaBodyId).min(1).max(1000).optional(),
    /** Every one of yours. */
    all: jsonBoolean().optional(),
  })
  .refine((body) => (body.ids !== undefined) !== (body.all === true), { message: 'Give either ids or all: true.', path: ['ids'] });
export type TReadNotificationsRequest = z.infer<typeof ZReadNotificationsRequest>;

/** How many were marked read by this call. */
export const ZReadNotificationsResponse = z.object({ read: z.number().int() });
export type TReadNotificationsResponse = z.infer<typeof ZReadNotificationsResponse>;
