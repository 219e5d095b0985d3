import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPasskey, TPasskeyRenameRequest } from '../../../shared/schemas/passkeys.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext } from '../service-context.js';
import { findOwnPasskey } from './find-own-passkey.js';
import { publicPasskey } from './public-passkey.js';

/** Renames one of the caller's passkeys; any other id is 404 passkey_not_found. */
export async function renamePasskey(em: EntityManager, input: TPasskeyRenameRequest, ctx: ServiceContext): Promise<TPasskey> {
  const passkey = await findOwnPasskey(em, input.id, ctx.actor.id);
  passkey.name = input.name;
  recordAuthEvent(em, { type: 'passkey_renamed', client: ctx.client, userId: ctx.actor.id }, ctx.now);
  await em.flush();
  return publicPasskey(passkey);
}
