import type { EntityManager } from '@mikro-orm/postgresql';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type WebAuthnCredential } from '@simplewebauthn/server';
import { generateKeyPairSync } from 'node:crypto';
import type { TPasskeyAuthenticationResponse, TPasskeySignInRequest } from '../../../shared/schemas/passkeys.js';
import { AppError } from '../../app-error.js';
import type { Clock } from '../../clock.js';
import { Passkey } from '../../db/entities/passkey.js';
import type { IUser } from '../../db/entities/user.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import {
  assertLoginAllowed,
  claimLoginAttempt,
  forgiveLoginAttempts,
  settleLoginAttempt,
  type ThrottleSettings,
} from '../auth/login-throttle.js';
import type { RequestClient } from '../request-client.js';
import { createSession } from '../sessions/create-session.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';
import { tokenHash } from '../sessions/tokens.js';
import { consumeChallenge, findOpenChallenge } from './challenges.js';
import { passkeyThrottleKey } from './passkey-throttle-key.js';
import type { RelyingParty } from './relying-party.js';

export interface PasskeySignInOptions {
  client: RequestClient;
  /** The token of a session cookie presented with the sign-in: that session is replaced. */
  presentedToken: string | null;
  clock: Clock;
  sessionTtlSeconds: number;
  throttle: ThrottleSettings;
  relyingParty: RelyingParty;
}

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

// A flood of refused attempts must not grow the audit trail at its own rate: the first refusal of an
// address inside the window is recorded; the request log has every one.
const RECENT_REFUSAL = `
  select 1 from auth_event
  where type = 'login_failed' and reason = 'passkey_rate_limited' and ip is not distinct from ? and created_at > ?
  limit 1`;

async function recordRefusal(em: EntityManager, client: RequestClient, now: Date, throttle: ThrottleSettings) {
  const since = new Date(now.getTime() - throttle.windowSeconds * 1000);
  if ((await em.execute(RECENT_REFUSAL, [client.ip, since])).length > 0) return;
  recordAuthEvent(em, { type: 'login_failed', client, reason: 'passkey_rate_limited' }, now);
  await em.flush();
}

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

/**
 * Signs in with a discoverable passkey: the assertion must answer the open challenge named by `challengeId`,
 * come from an allowed origin for our RP ID with user verification, carry a valid signature of a registered
 * credential and a counter that has gone up (when the authenticator keeps one). On success it does what a
 * password sign-in does. Every ceremony failure is one 401 passkey_invalid, counted by the sign-in throttle.
 */
export async function signInWithPasskey(em: EntityManager, input: TPasskeySignInRequest, options: PasskeySignInOptions) {
  const { client, clock, relyingParty, throttle } = options;
  const { response } = input;
  const key = passkeyThrottleKey(response.id);
  let claim: number;
  try {
    await assertLoginAllowed(em, key, client.ip, clock.now(), throttle);
    claim = await claimLoginAttempt(em, key, client.ip, clock, throttle);
  } catch (error) {
    await recordRefusal(em, client, clock.now(), throttle);
    throw error;
  }
  const now = clock.now();
  const challenge = await findOpenChallenge(em, input.challengeId, 'authentication', now);
  const passkey = await em.findOne(Passkey, { credentialId: response.id }, { populate: ['user'] });
  const failure = async (reason: string, code: 'passkey_invalid' | 'account_inactive' = 'passkey_invalid') => {
    // A failed ceremony spends its challenge.
    if (challenge) await consumeChallenge(em, challenge.id, now);
    // Only a refused ceremony counts toward the limit; a good one of an inactive account does not.
    await settleLoginAttempt(em, claim, code === 'passkey_invalid');
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
      expectedOrigin: relyingParty.origins,
      expectedRPID: relyingParty.id,
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
  const token = await em.transactional(async (tx) => {
    // Spent here, with the session it starts: of two requests presenting one challenge, one gets it.
    if (!(await consumeChallenge(tx, challenge.id, now))) return null;
    // The counter rule once more under the row's own condition, for two assertions racing each other.
    const counted = await tx.nativeUpdate(
      Passkey,
      { id: passkey.id, $or: [{ counter: { $lt: newCounter } }, ...(newCounter === 0 ? [{ counter: 0 }] : [])] },
      { counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: now },
    );
    if (counted !== 1) return null;
    await forgiveLoginAttempts(tx, claim, key, client.ip);
    if (options.presentedToken) await revokeSessions(tx, { tokenHash: tokenHash(options.presentedToken) }, now);
    const created = createSession(tx, user.id, client, now, options.sessionTtlSeconds);
    recordAuthEvent(tx, { type: 'login_succeeded', client, userId: user.id, reason: 'passkey' }, now);
    return created.token;
  });
  if (token === null) throw await failure('replayed');
  return { user, token };
}
