import type { TInvite } from '../../../shared/schemas/invites.js';
import type { IInvite } from '../../db/entities/invite.js';
import { inviteStatus } from './invite-status.js';

/** The invitation as it leaves the service: listed fields only, never the token hash. */
export function publicInvite(invite: IInvite, now: Date): TInvite {
  return {
    id: invite.id,
    role: invite.role,
    wardId: invite.ward.id,
    name: invite.name ?? null,
    category: invite.category ?? null,
    status: inviteStatus(invite, now),
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
  };
}
