import type { EntityManager } from '@mikro-orm/postgresql';
import { generateRegistrationOptions } from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import type { TPasskeyRegistrationOptions, TPasskeyRegistrationOptionsRequest } from '../../../shared/schemas/passkeys.js';
import { AppError } from '../../app-error.js';
import { Passkey } from '../../db/entities/passkey.js';
import type { ServiceContext, ServiceDeps } from '../service-context.js';
import { storeChallenge } from './challenges.js';
import { MAX_PASSKEYS } from './register-passkey.js';
import { relyingParty, SUPPORTED_ALGORITHMS } from './relying-party.js';

/**
 * Options for `navigator.credentials.create()`: a discoverable credential with user verification, none of
 * the caller's existing passkeys again. The challenge is kept for 5 minutes, for one registration.
 */
export async function createRegistrationOptions(
  em: EntityManager,
  _input: TPasskeyRegistrationOptionsRequest,
  ctx: ServiceContext & Pick<ServiceDeps, 'config'>,
): Promise<TPasskeyRegistrationOptions> {
  const rp = relyingParty(ctx.config);
  const existing = await em.find(Passkey, { user: ctx.actor.id }, { orderBy: { createdAt: 'asc' } });
  if (existing.length >= MAX_PASSKEYS) throw new AppError('passkey_invalid', { status: 400 });
  // One handle per account, so that an authenticator replaces its old credential for it rather than adding one;
  // random rather than the account id, which the authenticator would otherwise keep.
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: ctx.actor.username,
    userDisplayName: ctx.actor.name,
    userID: Buffer.from(userHandle, 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  await storeChallenge(em, { purpose: 'registration', challenge: options.challenge, userId: ctx.actor.id, userHandle }, ctx.now);
  return options as TPasskeyRegistrationOptions;
}
