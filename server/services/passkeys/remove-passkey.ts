import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPasskeyRemoveRequest } from '../../../shared/schemas/passkeys.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext } from '../service-context.js';
import { findOwnPasskey } from './find-own-passkey.js';

/** Removes one of the caller's passkeys; it can sign in no more. Any other id is 404 passkey_not_found. */
export async function removePasskey(em: EntityManager, input: TPasskeyRemoveRequest, ctx: ServiceContext): Promise<void> {
  const passkey = await findOwnPasskey(em, input.id, ctx.actor.id);
  em.remove(passkey);
  recordAuthEvent(em, { type: 'passkey_removed', client: ctx.client, userId: ctx.actor.id }, ctx.now);
  await em.flush();
}
