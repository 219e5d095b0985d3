import argon2 from 'argon2';
import type { PasswordHasher } from '../../server/services/accounts/passwords.js';

// argon2id at its smallest cost: for test files about other things than passwords, which sign many people in.
const OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function quickHasher(): PasswordHasher {
  const verify = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);
  return {
    hash: (password) => argon2.hash(password, OPTIONS),
    verify,
    async verifyDummy(password) {
      await verify(await argon2.hash('not a real password', OPTIONS), password);
    },
  };
}
