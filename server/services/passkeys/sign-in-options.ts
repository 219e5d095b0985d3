import type { EntityManager } from '@mikro-orm/postgresql';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { TPasskeySignInOptionsResponse } from '../../../shared/schemas/passkeys.js';
import { assertLoginAllowed, type ThrottleSettings } from '../auth/login-throttle.js';
import type { RequestClient } from '../request-client.js';
import { storeChallenge } from './challenges.js';
import { ANY_PASSKEY } from './passkey-throttle-key.js';
import type { RelyingParty } from './relying-party.js';

export interface SignInOptionsInput {
  relyingParty: RelyingParty;
  client: RequestClient;
  throttle: ThrottleSettings;
}

/**
 * Options for `navigator.credentials.get()` with any discoverable credential (no username asked), and the id
 * of the challenge kept for 5 minutes. Refused with 429 while the address is at its sign-in failure limit.
 */
export async function createSignInOptions(em: EntityManager, input: SignInOptionsInput, now: Date): Promise<TPasskeySignInOptionsResponse> {
  // A key no attempt uses: only the address's own count applies.
  await assertLoginAllowed(em, ANY_PASSKEY, input.client.ip, now, input.throttle);
  const options = await generateAuthenticationOptions({
    rpID: input.relyingParty.id,
    allowCredentials: [],
    userVerification: 'required',
  });
  const challengeId = await storeChallenge(em, { purpose: 'authentication', challenge: options.challenge }, now);
  return { challengeId, options: { ...options, allowCredentials: [], userVerification: 'required', rpId: input.relyingParty.id } };
}
