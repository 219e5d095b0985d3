import type { EntityManager } from '@mikro-orm/postgresql';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type WebAuthnCredential } from '@simplewebauthn/server';
import { generateKeyPairSync } from 'node:crypto';
import type { TPasskeyAuthenticationResponse, TPasskeySignInRequest } from '../../../shared/schemas/passkeys.js';
import { AppError } from '../../app-error.js';
import { Passkey } from '../../db/entities/passkey.js';
import type { IUser } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import {
  claimPasswordCheck,
  forgivePasswordChecks,
  isTooManyAttempts,
  settlePasswordCheck,
  throttleSettings,
  type PasswordGuess,
} from '../auth/login-throttle.js';
import type { LoginContext } from '../auth/login.js';
import { recordRefusal } from '../auth/record-refusal.js';
import { startSession } from '../sessions/start-session.js';
import { consumeChallenge, findOpenChallenge } from './challenges.js';
import { passkeyThrottleKey } from './passkey-throttle-key.js';
import { relyingParty } from './relying-party.js';

/** What a password sign-in is told (`LoginContext`): a credential of the account the device cookie names is exempt. */
export type PasskeySignInContext = LoginContext;

/**
 * A P-256 key of no credential: an assertion naming an unknown credential is checked against it, so that
 * unknown and known credentials cost the same work and fail alike.
 */
const STAND_IN_KEY = (() => {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => Buffer.from(value ?? '', 'base64url');
  // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
  return isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, coordinate(jwk.x)], [-3, coordinate(jwk.y)]]));
})();

/** The library's JSON form, without the nulls a browser's `toJSON()` may send for absent members. */
function asLibraryResponse(response: TPasskeyAuthenticationResponse): AuthenticationResponseJSON {
  const { userHandle, ...rest } = response.response;
  return {
    id: response.id,
    rawId: response.rawId,
    type: response.type,
    response: { ...rest, ...(userHandle ? { userHandle } : {}) },
    ...(response.authenticatorAttachment ? { authenticatorAttachment: response.authenticatorAttachment } : {}),
    clientExtensionResults: response.clientExtensionResults,
  };
}

// Read under a row lock in the session's transaction: a deactivation committed while the assertion was
// being verified is seen here, and no session outlives it.
const ACCOUNT_FOR_UPDATE = 'select active from app_user where id = ? for update';

/**
 * Signs in with a discoverable passkey: the assertion must answer the open challenge named by `challengeId`,
 * come from an allowed origin for our RP ID with user verification, carry a valid signature of a registered
 * credential and a counter that has gone up (when the authenticator keeps one). On success it does what a
 * password sign-in does. Every ceremony failure is one 401 passkey_invalid, counted by the sign-in throttle
 * as a wrong password is: under the credential in place of a username, and under the address.
 */
export async function signInWithPasskey(em: EntityManager, input: TPasskeySignInRequest, ctx: PasskeySignInContext) {
  const { client, now } = ctx;
  const throttle = throttleSettings(ctx.config);
  const rp = relyingParty(ctx.config);
  const { response } = input;
  const passkey = await em.findOne(Passkey, { credentialId: response.id }, { populate: ['user'] });
  const guess: PasswordGuess = {
    usernameKey: passkeyThrottleKey(response.id),
    ip: client.ip,
    exemptFromAddressLimit: passkey !== null && passkey.user.usernameKey === ctx.deviceUsernameKey,
  };
  let claim: number;
  try {
    claim = await claimPasswordCheck(em, guess, now, throttle);
  } catch (error) {
    // Only a refusal is one; a failing database is not a rate-limited sign-in.
    if (isTooManyAttempts(error)) await recordRefusal(em, { reason: 'passkey_rate_limited' }, ctx, throttle);
    throw error;
  }
  // Whatever happens from here on, the claim is settled: a refused ceremony keeps it as a failure, and
  // anything else, a thrown error included, removes it rather than leaving it pending.
  // Widened on purpose: `failure` below sets it to 'failed' from inside a closure.
  let outcome = 'not_counted' as 'failed' | 'not_counted' | 'succeeded';
  try {
    const challenge = await findOpenChallenge(em, input.challengeId, 'authentication', now);
    const failure = async (reason: string, code: 'passkey_invalid' | 'account_inactive' = 'passkey_invalid') => {
      // Only a refused ceremony counts toward the limit; a good one of an inactive account does not.
      if (code === 'passkey_invalid') outcome = 'failed';
      // A failed ceremony spends its challenge.
      if (challenge) await consumeChallenge(em, challenge.id, now);
      recordAuthEvent(em, { type: 'login_failed', client, userId: passkey?.user.id, reason: `passkey_${reason}` }, now);
      await em.flush();
      return new AppError(code);
    };
    if (!challenge) throw await failure('challenge_not_open');

    const credential: WebAuthnCredential = passkey
      ? { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports ?? undefined }
      : { id: response.id, publicKey: STAND_IN_KEY, counter: 0 };
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | null;
    try {
      verification = await verifyAuthenticationResponse({
        response: asLibraryResponse(response),
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential,
        requireUserVerification: true,
      });
    } catch {
      // Wrong origin, RP ID or challenge, no user verification, a counter that did not go up, a malformed response.
      verification = null;
    }
    if (!passkey) throw await failure('unknown_credential');
    if (!verification?.verified) throw await failure('rejected');
    const { userHandle } = response.response;
    if (userHandle && userHandle !== passkey.userHandle) throw await failure('rejected');
    const user: IUser = passkey.user;
    // Told only to whoever holds the passkey, so it reveals nothing about which accounts exist.
    if (!user.active) throw await failure('account_inactive', 'account_inactive');

    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    const started = await em.transactional(async (tx) => {
      const [account] = await tx.execute<{ active: boolean }[]>(ACCOUNT_FOR_UPDATE, [user.id]);
      if (!account?.active) return 'account_inactive' as const;
      // Spent here, with the session it starts: of two requests presenting one challenge, one gets it.
      if (!(await consumeChallenge(tx, challenge.id, now))) return 'replayed' as const;
      // The counter rule once more under the row's own condition, for two assertions racing each other.
      const counted = await tx.nativeUpdate(
        Passkey,
        { id: passkey.id, $or: [{ counter: { $lt: newCounter } }, ...(newCounter === 0 ? [{ counter: 0 }] : [])] },
        { counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: now },
      );
      if (counted !== 1) return 'replayed' as const;
      await forgivePasswordChecks(tx, claim, guess);
      const token = await startSession(tx, { userId: user.id }, ctx);
      recordAuthEvent(tx, { type: 'login_succeeded', client, userId: user.id, reason: 'passkey' }, now);
      return { token };
    });
    if (started === 'account_inactive') throw await failure('account_inactive', 'account_inactive');
    if (started === 'replayed') throw await failure('replayed');
    outcome = 'succeeded';
    return { user, token: started.token };
  } finally {
    if (outcome !== 'succeeded') await settlePasswordCheck(em, claim, outcome === 'failed');
  }
}
