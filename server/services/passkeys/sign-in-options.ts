import type { EntityManager } from '@mikro-orm/postgresql';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { TPasskeySignInOptionsRequest, TPasskeySignInOptionsResponse } from '../../../shared/schemas/passkeys.js';
import { refuseAtLimit, throttleSettings } from '../auth/login-throttle.js';
import type { PublicServiceContext, ServiceDeps } from '../service-context.js';
import { storeChallenge } from './challenges.js';
import { ANY_PASSKEY } from './passkey-throttle-key.js';
import { relyingParty } from './relying-party.js';

export interface SignInOptionsContext extends PublicServiceContext, Pick<ServiceDeps, 'config'> {
  /** The username key this browser's device cookie names: its user is not held by the per-address limit. */
  deviceUsernameKey: string | null;
}

/**
 * Options for `navigator.credentials.get()` with any discoverable credential (no username asked), and the id
 * of the challenge kept for 5 minutes. Refused with 429 while the address is at its sign-in failure limit,
 * unless the browser signed in before (its device cookie), as a password sign-in from it would not be.
 */
export async function createSignInOptions(
  em: EntityManager,
  _input: TPasskeySignInOptionsRequest,
  ctx: SignInOptionsContext,
): Promise<TPasskeySignInOptionsResponse> {
  const rp = relyingParty(ctx.config);
  // A key no attempt uses: only the address's own count applies.
  const guess = { usernameKey: ANY_PASSKEY, ip: ctx.client.ip, exemptFromAddressLimit: ctx.deviceUsernameKey !== null };
  await refuseAtLimit(em, guess, ctx.now, throttleSettings(ctx.config));
  const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: 'required' });
  const challengeId = await storeChallenge(em, { purpose: 'authentication', challenge: options.challenge }, ctx.now);
  return { challengeId, options: { ...options, allowCredentials: [], userVerification: 'required', rpId: rp.id } };
}
