import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../server/services/accounts/passwords.js';

/** Every hash the test hasher writes starts so; a test looking for leaked hashes looks for this and `$argon2`. */
export const FAST_HASH_PREFIX = '$sha256-test$';
/** Matches a stored password hash of either hasher, for tests asserting that none leaks. */
export const PASSWORD_HASH_PATTERN = /\$argon2|\$sha256-test\$/;

/**
 * The test servers' default hasher: salted SHA-256, a microsecond where argon2 takes 50 ms. It keeps the
 * contract that matters to the service (a salted one-way hash, verified in constant time); tests that
 * assert argon2's parameters or its equal timing pass `createPasswordHasher()` instead.
 */
export function fastHasher(): PasswordHasher {
  const digest = (salt: string, password: string) => createHash('sha256').update(`${salt}:${password}`).digest('base64url');
  const verify = async (hash: string, password: string) => {
    if (!hash.startsWith(FAST_HASH_PREFIX)) return false;
    const [salt, stored] = hash.slice(FAST_HASH_PREFIX.length).split('$');
    if (!salt || !stored) return false;
    const given = Buffer.from(digest(salt, password));
    const expected = Buffer.from(stored);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    async hash(password) {
      const salt = randomBytes(12).toString('base64url');
      return `${FAST_HASH_PREFIX}${salt}$${digest(salt, password)}`;
    },
    verify,
    async verifyDummy(password) {
      await verify(`${FAST_HASH_PREFIX}dummy$${digest('dummy', 'not a real password')}`, password);
    },
  };
}
