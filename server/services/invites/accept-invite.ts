import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAcceptInviteRequest } from '../../../shared/schemas/invites.js';
import { AppError } from '../../app-error.js';
import { Invite } from '../../db/entities/invite.js';
import { User } from '../../db/entities/user.js';
import { createAccount } from '../accounts/create-account.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceDeps } from '../service-context.js';
import { startSession, type SessionStartContext } from '../sessions/start-session.js';
import { findInviteByToken } from './find-invite-by-token.js';
import { assertInviteValid } from './invite-status.js';

/**
 * Creates the invited account and signs it in. The claim of the invitation, the account, the session
 * and the audit record are one transaction: a taken username undoes the claim, and of several
 * concurrent accepts exactly one can claim.
 */
export async function acceptInvite(em: EntityManager, input: TAcceptInviteRequest, ctx: SessionStartContext & ServiceDeps) {
  const { client, now } = ctx;
  const invite = await findInviteByToken(em, input.token);
  if (!invite) throw new AppError('invite_not_found');
  // Cheap refusal first, so a dead link never pays for a hash; the claim below is what counts.
  assertInviteValid(invite, now);
  const passwordHash = await ctx.hasher.hash(input.password);

  return em.transactional(async (tx) => {
    // One conditional UPDATE: a concurrent claim or revoke holds the row until it commits, after which
    // PostgreSQL re-checks the conditions, so only one of them can match.
    const claimed = await tx.nativeUpdate(
      Invite,
      { id: invite.id, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { usedAt: now },
    );
    if (claimed !== 1) {
      const current = await tx.findOne(Invite, invite.id, { refresh: true });
      if (!current) throw new AppError('invite_not_found');
      assertInviteValid(current, now);
      // Not reachable while claims only ever set usedAt; refusing is the safe answer if it ever is.
      throw new AppError('invite_used');
    }
    const user = await createAccount(
      tx,
      {
        hospitalId: invite.hospital.id,
        wardId: invite.ward.id,
        name: input.name,
        username: input.username,
        passwordHash,
        role: invite.role === 'head_nurse' ? 'manager' : 'employee',
        mustChangePassword: false,
        category: invite.category,
        gender: input.gender || null,
      },
      ctx,
    );
    await tx.nativeUpdate(Invite, { id: invite.id }, { usedBy: tx.getReference(User, user.id) });
    const token = await startSession(tx, { userId: user.id }, ctx);
    recordAuthEvent(tx, { type: 'invite_accepted', client, userId: user.id }, now);
    return { user, token };
  });
}
