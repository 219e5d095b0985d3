import type { EntityManager } from '@mikro-orm/postgresql';
import type { TReadInviteResponse } from '../../../shared/schemas/invites.js';
import { AppError } from '../../app-error.js';
import type { ServiceContext } from '../service-context.js';
import { findInviteByToken } from './find-invite-by-token.js';
import { assertInviteValid } from './invite-status.js';

/** What the person invited sees before accepting: 404 for an unknown token, 410 once it is no longer valid. */
export async function readInvite(em: EntityManager, input: { token: string }, ctx: Pick<ServiceContext, 'now'>): Promise<TReadInviteResponse> {
  const invite = await findInviteByToken(em, input.token);
  if (!invite) throw new AppError('invite_not_found');
  assertInviteValid(invite, ctx.now);
  return {
    ward: { id: invite.ward.id, name: invite.ward.name },
    role: invite.role,
    expiresAt: invite.expiresAt.toISOString(),
    inviter: { id: invite.createdBy.id, name: invite.createdBy.name },
    name: invite.name ?? null,
    category: invite.category ?? null,
  };
}
