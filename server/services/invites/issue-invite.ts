import type { EntityManager } from '@mikro-orm/postgresql';
import type { TIssueInviteRequest, TIssueInviteResponse } from '../../../shared/schemas/invites.js';
import { AppError } from '../../app-error.js';
import { Hospital } from '../../db/entities/hospital.js';
import { Invite } from '../../db/entities/invite.js';
import { User } from '../../db/entities/user.js';
import { Ward, type IWard } from '../../db/entities/ward.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext, ServiceDeps } from '../service-context.js';
import { randomToken, tokenHash } from '../sessions/tokens.js';
import { mayUseWard } from '../wards/select-ward.js';
import { publicInvite } from './public-invite.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface IssueInviteInput extends TIssueInviteRequest {
  /** The ward the request works in: the invitation's ward unless `wardId` names another. */
  selectedWard: IWard;
}

/** Issues a single-use invitation; the token is returned this once and only its hash is kept. */
export async function issueInvite(
  em: EntityManager,
  input: IssueInviteInput,
  ctx: ServiceContext & Pick<ServiceDeps, 'config'>,
): Promise<TIssueInviteResponse> {
  const { now, actor: issuer } = ctx;
  if (input.role === 'head_nurse' && !issuer.isSuperAdmin) throw new AppError('forbidden');
  const ward = input.wardId === undefined ? input.selectedWard : await em.findOne(Ward, input.wardId);
  if (!ward || !mayUseWard(issuer, ward)) throw new AppError('ward_forbidden');

  const token = randomToken();
  const invite = em.create(Invite, {
    hospital: em.getReference(Hospital, ward.hospital.id),
    ward: em.getReference(Ward, ward.id),
    role: input.role,
    name: input.name ?? null,
    category: input.category || null,
    tokenHash: tokenHash(token),
    createdBy: em.getReference(User, issuer.id),
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.days * DAY_MS),
    usedAt: null,
    usedBy: null,
    revokedAt: null,
  });
  recordAuthEvent(em, { type: 'invite_issued', client: ctx.client, actorId: issuer.id }, now);
  await em.flush();
  return { invite: publicInvite(invite, now), token, url: `${ctx.config.publicUrl}/invite/${token}` };
}
