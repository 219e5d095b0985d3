import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { randomUUID } from 'node:crypto';
import type { TPasskeyRegisterRequest } from '../../../shared/schemas/passkeys.js';
import { AppError } from '../../app-error.js';
import { Passkey, type IPasskey } from '../../db/entities/passkey.js';
import { User } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceContext, ServiceDeps } from '../service-context.js';
import { clientDataChallenge } from './challenges.js';
import { relyingParty, SUPPORTED_ALGORITHMS } from './relying-party.js';

export const MAX_PASSKEYS = 10;

/** A failed registration ceremony: 400, where a failed sign-in with a passkey is 401. */
function refused(): AppError {
  return new AppError('passkey_invalid', { status: 400 });
}

// Claims the caller's open registration challenge that the client data names: once, in any process.
const CLAIM_CHALLENGE = `
  update webauthn_challenge set used_at = ?
  where challenge = ? and user_id = ? and purpose = 'registration' and used_at is null and expires_at > ?
  returning user_handle`;

/**
 * Verifies a registration ceremony against the caller's open challenge and the relying party, then keeps
 * the credential: public key, counter, transports and backup state. The challenge is spent whatever the outcome.
 */
export async function registerPasskey(
  em: EntityManager,
  input: TPasskeyRegisterRequest,
  ctx: ServiceContext & Pick<ServiceDeps, 'config'>,
): Promise<IPasskey> {
  const { response } = input;
  const rp = relyingParty(ctx.config);
  const challenge = clientDataChallenge(response.response.clientDataJSON);
  if (!challenge) throw refused();
  const [claimed] = await em.execute<{ user_handle: string }[]>(CLAIM_CHALLENGE, [ctx.now, challenge, ctx.actor.id, ctx.now]);
  if (!claimed) throw refused();

  let registration;
  try {
    registration = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch {
    throw refused();
  }
  if (!registration.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = registration.registrationInfo;

  try {
    return await em.transactional(async (tx) => {
      // The account's row lock makes the limit hold under parallel registrations.
      await tx.execute('select id from app_user where id = ? for update', [ctx.actor.id]);
      if ((await tx.count(Passkey, { user: ctx.actor.id })) >= MAX_PASSKEYS) throw refused();
      const passkey = tx.create(Passkey, {
        id: randomUUID(),
        user: tx.getReference(User, ctx.actor.id),
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: response.response.transports?.length ? response.response.transports : null,
        userHandle: claimed.user_handle,
        multiDevice: credentialDeviceType === 'multiDevice',
        backedUp: credentialBackedUp,
        name: input.name,
        createdAt: ctx.now,
        lastUsedAt: null,
      });
      recordAuthEvent(tx, { type: 'passkey_registered', client: ctx.client, userId: ctx.actor.id }, ctx.now);
      return passkey;
    });
  } catch (error) {
    // The credential is registered already, to this account or another.
    if (error instanceof UniqueConstraintViolationException) throw refused();
    throw error;
  }
}
