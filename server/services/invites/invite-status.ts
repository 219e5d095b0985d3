import type { TInviteStatus } from '../../../shared/schemas/invites.js';
import { AppError } from '../../app-error.js';
import type { IInvite } from '../../db/entities/invite.js';

type InviteTimes = Pick<IInvite, 'usedAt' | 'revokedAt' | 'expiresAt'>;

/**
 * What an invitation is at `now`. Expiry is read off the clock rather than written by a job, so every
 * process agrees on it. Claim and revoke are both conditional on the other not having happened,
 * so `used` and `revoked` never meet.
 */
export function inviteStatus(invite: InviteTimes, now: Date): TInviteStatus {
  if (invite.usedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

const GONE = { used: 'invite_used', expired: 'invite_expired', revoked: 'invite_revoked' } as const;

/** 410 with the reason, unless the invitation can still be accepted. */
export function assertInviteValid(invite: InviteTimes, now: Date): void {
  const status = inviteStatus(invite, now);
  if (status !== 'valid') throw new AppError(GONE[status]);
}
