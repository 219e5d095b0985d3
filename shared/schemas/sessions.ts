import { z } from 'zod';
import { ZOk, ZTimestamp } from './fields.js';

/** One of the caller's live sessions. `id` is a public identifier, unrelated to the cookie's token. */
export const ZSession = z.object({
  id: z.string(),
  createdAt: ZTimestamp,
  expiresAt: ZTimestamp,
  lastSeenAt: ZTimestamp,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** True for the session making this request. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionListResponse = z.object({ sessions: z.array(ZSession) });
export type TSessionListResponse = z.infer<typeof ZSessionListResponse>;

// Any string: an id that is not a live session of the caller, well-formed or not, is 404 session_not_found.
export const ZSessionRevokeRequest = z.object({ id: z.string() });
export type TSessionRevokeRequest = z.infer<typeof ZSessionRevokeRequest>;

export const ZSessionRevokeResponse = ZOk;
export type TSessionRevokeResponse = z.infer<typeof ZSessionRevokeResponse>;

export const ZSessionRevokeOthersRequest = z.object({}).optional();

export const ZSessionRevokeOthersResponse = z.object({ ok: z.boolean(), revoked: z.number().int() });
export type TSessionRevokeOthersResponse = z.infer<typeof ZSessionRevokeOthersResponse>;
