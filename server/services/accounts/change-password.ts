import type { EntityManager } from '@mikro-orm/postgresql';
import type { TChangePasswordRequest } from '../../../shared/schemas/account.js';
import { AppError } from '../../app-error.js';
import { User } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import { claimPasswordCheck, settlePasswordCheck, throttleSettings } from '../auth/login-throttle.js';
import type { ServiceContext, ServiceDeps } from '../service-context.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';

export interface ChangePasswordInput extends TChangePasswordRequest {
  /** The session the change is made from: the only one that survives it. */
  sessionId: string;
}

/**
 * Replaces the caller's password and lifts a pending password change. Every other session of the
 * caller is revoked, since one of them may be why the password is being changed.
 */
export async function changePassword(em: EntityManager, input: ChangePasswordInput, ctx: ServiceContext & ServiceDeps): Promise<void> {
  const { actor: user, client, hasher, now } = ctx;
  // Guessing `current` from a stolen session is guessing a password: each guess is claimed against the
  // sign-in limit before it is verified, exactly as a sign-in is, so neither parallel requests nor the
  // calls of one tRPC batch get more checks than the limit.
  const claim = await claimPasswordCheck(em, { usernameKey: user.usernameKey, ip: client.ip }, now, throttleSettings(ctx.config));
  let wrongGuess = false;
  try {
    const stored = await em.findOneOrFail(User, user.id, { populate: ['passwordHash'], refresh: true });
    if (!(await hasher.verify(stored.passwordHash, input.current))) {
      wrongGuess = true;
      recordAuthEvent(em, { type: 'login_failed', client, userId: user.id, reason: 'password_change_wrong_current' }, now);
      await em.flush();
      throw new AppError('wrong_password');
    }
    // `current` is the present password, so a `next` equal to it is the present password too.
    if (input.next === input.current) throw new AppError('password_unchanged');
    const passwordHash = await hasher.hash(input.next);
    await em.transactional(async (tx) => {
      // Only over the hash that was verified: a reset committed meanwhile is not silently overwritten.
      const changed = await tx.nativeUpdate(
        User,
        { id: user.id, passwordHash: stored.passwordHash },
        { passwordHash, mustChangePassword: false, updatedAt: now },
      );
      if (changed !== 1) throw new AppError('wrong_password');
      await revokeSessions(tx, { user: user.id, id: { $ne: input.sessionId } }, now);
      recordAuthEvent(tx, { type: 'password_changed', client, userId: user.id }, now);
    });
  } finally {
    await settlePasswordCheck(em, claim, wrongGuess);
  }
}
