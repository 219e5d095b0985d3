import type { EntityManager } from '@mikro-orm/postgresql';
import type { TInvite } from '../../../shared/schemas/invites.js';
import { Invite } from '../../db/entities/invite.js';
import type { ServiceContext } from '../service-context.js';
import { publicInvite } from './public-invite.js';

/** Every invitation of a ward, newest first, each with the status it has at `now`. */
export async function listInvites(em: EntityManager, input: { wardId: number }, ctx: Pick<ServiceContext, 'now'>): Promise<TInvite[]> {
  const { now } = ctx;
  const invites = await em.find(Invite, { ward: input.wardId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return invites.map((invite) => publicInvite(invite, now));
}
