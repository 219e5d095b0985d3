import type { PasswordHasher } from '../../server/services/accounts/passwords.js';
import { fastHasher } from './fast-hasher.js';

export interface HashCalls {
  hash: number;
  verify: number;
  verifyDummy: number;
}

/** A hasher (the test one unless `inner` is given) counting its calls: proves which paths cost no hash. */
export function countingHasher(inner: PasswordHasher = fastHasher()): { hasher: PasswordHasher; calls: HashCalls; verifies(): number } {
  const calls: HashCalls = { hash: 0, verify: 0, verifyDummy: 0 };
  const hasher: PasswordHasher = {
    hash(password) {
      calls.hash += 1;
      return inner.hash(password);
    },
    verify(hash, password) {
      calls.verify += 1;
      return inner.verify(hash, password);
    },
    verifyDummy(password) {
      calls.verifyDummy += 1;
      return inner.verifyDummy(password);
    },
  };
  return { hasher, calls, verifies: () => calls.verify + calls.verifyDummy };
}
