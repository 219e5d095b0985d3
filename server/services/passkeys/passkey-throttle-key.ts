import { createHash } from 'node:crypto';

// Usernames cannot contain ":", so these keys never meet a username's count in the sign-in throttle.
const PREFIX = 'passkey:';

/** The throttle's per-address key for an attempt that names no credential yet. */
export const ANY_PASSKEY = PREFIX;

/**
 * The key a passkey attempt is counted under beside its address: the credential it names, as a username
 * would be (a digest, since a credential id may be longer than the column).
 */
export function passkeyThrottleKey(credentialId: string): string {
  return PREFIX + createHash('sha256').update(credentialId).digest('base64url');
}
