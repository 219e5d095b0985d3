import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { Invite } from '../../db/entities/invite.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext } from '../service-context.js';
import { mayUseWard } from '../wards/select-ward.js';

/**
 * Revokes a still-valid invitation of a ward the caller may use. An invitation of any other ward is
 * reported as not found, so its existence is not revealed.
 */
export async function revokeInvite(em: EntityManager, input: { id: number }, ctx: ServiceContext): Promise<void> {
  const { id } = input;
  const { actor, client, now } = ctx;
  const invite = await em.findOne(Invite, id, { populate: ['ward'] });
  if (!invite || !mayUseWard(actor, invite.ward)) throw new AppError('invite_not_found');
  await em.transactional(async (tx) => {
    // Conditional, so a revoke racing an accept either wins outright or changes nothing.
    const revoked = await tx.nativeUpdate(
      Invite,
      { id, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { revokedAt: now },
    );
    if (revoked !== 1) throw new AppError('invite_not_revocable');
    recordAuthEvent(tx, { type: 'invite_revoked', client, actorId: actor.id }, now);
  });
}
