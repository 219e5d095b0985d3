import type { TPasskey } from '../../../shared/schemas/passkeys.js';
import type { IPasskey } from '../../db/entities/passkey.js';

/** What the owner sees of a passkey: never its key, counter or credential id. */
export function publicPasskey(passkey: IPasskey): TPasskey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}
