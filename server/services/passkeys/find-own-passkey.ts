import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { Passkey, type IPasskey } from '../../db/entities/passkey.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of the user's own passkeys. Another user's, a removed one or a malformed id: 404 alike. */
export async function findOwnPasskey(em: EntityManager, id: string, userId: number): Promise<IPasskey> {
  const passkey = UUID.test(id) ? await em.findOne(Passkey, { id: id.toLowerCase(), user: userId }) : null;
  if (!passkey) throw new AppError('passkey_not_found');
  return passkey;
}
