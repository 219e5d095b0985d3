import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Costs what a real verify costs, for accounts that do not exist, so timing reveals nothing. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, OPTIONS),
    verify,
    async verifyDummy(password) {
      dummyHash ??= argon2.hash('not a real password', OPTIONS);
      await verify(await dummyHash, password);
    },
  };
}
