import { z } from 'zod';
import { codePoints, isPlainText, jsonNumber, UNSAFE_TEXT_MESSAGE, ZId, ZName, ZOk, ZPassword, ZShortText, ZTimestamp, ZUsername } from './fields.js';
import { ZWardSummary } from './user.js';

/** `staff` creates an `employee`; `head_nurse` creates a `manager` and may be issued only by a super admin. */
export const ZInviteRole = z.enum(['staff', 'head_nurse']);
export type TInviteRole = z.infer<typeof ZInviteRole>;

/** Derived when read, from `usedAt`, `revokedAt`, `expiresAt` and the clock. */
export const ZInviteStatus = z.enum(['valid', 'used', 'expired', 'revoked']);
export type TInviteStatus = z.infer<typeof ZInviteStatus>;

/** A staff category: trimmed, up to 100 characters. */
const ZCategory = ZShortText;

/** The invitation as managers see it: never its token or the token's hash. */
export const ZInvite = z.object({
  id: z.number().int(),
  role: ZInviteRole,
  wardId: z.number().int(),
  name: z.string().nullable(),
  category: z.string().nullable(),
  status: ZInviteStatus,
  expiresAt: ZTimestamp,
  createdAt: ZTimestamp,
});
export type TInvite = z.infer<typeof ZInvite>;

export const ZIssueInviteRequest = z.object({
  role: ZInviteRole,
  /** Defaults to the selected ward. */
  wardId: jsonNumber(ZId).optional(),
  /** Prefilled for the person invited. */
  name: ZName.optional(),
  category: ZCategory.optional(),
  /** Lifetime in whole days. */
  days: jsonNumber(z.number().int().min(1).max(30)).default(7),
});
export type TIssueInviteRequest = z.infer<typeof ZIssueInviteRequest>;

export const ZIssueInviteResponse = z.object({
  invite: ZInvite,
  /** Shown once: only its hash is stored. */
  token: z.string(),
  /** `PUBLIC_URL/invite/<token>`. */
  url: z.string(),
});
export type TIssueInviteResponse = z.infer<typeof ZIssueInviteResponse>;

export const ZListInvitesResponse = z.object({ invites: z.array(ZInvite) });
export type TListInvitesResponse = z.infer<typeof ZListInvitesResponse>;

export const ZRevokeInviteRequest = z.object({ id: ZId });
export type TRevokeInviteRequest = z.infer<typeof ZRevokeInviteRequest>;
export const ZRevokeInviteResponse = ZOk;

/** Any string: an ill-formed token is simply not found (404), never invalid input. */
const ZInviteToken = z.string();

export const ZReadInviteRequest = z.object({ token: ZInviteToken });
export type TReadInviteRequest = z.infer<typeof ZReadInviteRequest>;

export const ZReadInviteResponse = z.object({
  ward: ZWardSummary,
  role: ZInviteRole,
  expiresAt: ZTimestamp,
  inviter: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string().nullable(),
  category: z.string().nullable(),
});
export type TReadInviteResponse = z.infer<typeof ZReadInviteResponse>;

export const ZAcceptInviteRequest = z.object({
  token: ZInviteToken,
  name: ZName,
  username: ZUsername,
  password: ZPassword,
  gender: z
    .string()
    .trim()
    .refine((value) => codePoints(value) <= 20, 'Must be at most 20 characters.')
    .refine(isPlainText, UNSAFE_TEXT_MESSAGE)
    .optional(),
});
export type TAcceptInviteRequest = z.infer<typeof ZAcceptInviteRequest>;
