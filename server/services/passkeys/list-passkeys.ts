import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPasskey } from '../../../shared/schemas/passkeys.js';
import { Passkey } from '../../db/entities/passkey.js';
import type { ServiceContext } from '../service-context.js';
import { publicPasskey } from './public-passkey.js';

/** The caller's own passkeys, oldest first. */
export async function listPasskeys(em: EntityManager, _input: void, ctx: ServiceContext): Promise<TPasskey[]> {
  const passkeys = await em.find(Passkey, { user: ctx.actor.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return passkeys.map(publicPasskey);
}
