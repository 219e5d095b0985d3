import { createHash } from 'node:crypto';

// No username's key contains "|" (folding turns some letters into ":", "/" or " ", never into "|"), so these
// keys never meet a username's count in the sign-in throttle.
export const PASSKEY_KEY_PREFIX = 'passkey|';

/** The throttle's per-address key for an attempt that names no credential yet. */
export const ANY_PASSKEY = PASSKEY_KEY_PREFIX;

/**
 * The key a passkey attempt is counted under beside its address: the credential it names, as a username
 * would be (a digest, since a credential id may be longer than the column).
 */
export function passkeyThrottleKey(credentialId: string): string {
  return PASSKEY_KEY_PREFIX + createHash('sha256').update(credentialId).digest('base64url');
}
