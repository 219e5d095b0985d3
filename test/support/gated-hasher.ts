import type { PasswordHasher } from '../../server/services/accounts/passwords.js';
import { fastHasher } from './fast-hasher.js';

export interface Gate {
  /** Resolves once a held call has started and is waiting. */
  reached: Promise<void>;
  release(): void;
}

function gate(): Gate & { wait(): Promise<void> } {
  let arrive!: () => void;
  let open!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    reached,
    release: () => open(),
    async wait() {
      arrive();
      await opened;
    },
  };
}

/**
 * The test hasher, whose calls for chosen passwords can be held open (to commit something else while a
 * password is being checked) or made to throw (a hashing library that fails).
 */
export function gatedHasher(inner: PasswordHasher = fastHasher()) {
  const heldVerifies = new Map<string, ReturnType<typeof gate>>();
  const heldHashes = new Map<string, ReturnType<typeof gate>>();
  const failing = new Set<string>();
  const hasher: PasswordHasher = {
    async hash(password) {
      const held = heldHashes.get(password);
      if (held) {
        heldHashes.delete(password);
        await held.wait();
      }
      return inner.hash(password);
    },
    async verify(hash, password) {
      if (failing.has(password)) throw new Error('the hashing library failed');
      const held = heldVerifies.get(password);
      if (held) {
        heldVerifies.delete(password);
        await held.wait();
      }
      return inner.verify(hash, password);
    },
    verifyDummy: (password) => inner.verifyDummy(password),
  };
  return {
    hasher,
    /** The next verify of `password` waits until released. */
    holdVerify(password: string): Gate {
      const held = gate();
      heldVerifies.set(password, held);
      return held;
    },
    /** The next hash of `password` waits until released. */
    holdHash(password: string): Gate {
      const held = gate();
      heldHashes.set(password, held);
      return held;
    },
    /** Every verify of `password` throws, until `recover`. */
    failVerify(password: string) {
      failing.add(password);
    },
    recover() {
      failing.clear();
    },
  };
}
