// The floor of a sign-in: argon2.verify with the service's parameters, as fast as this machine goes.
// Usage: node bench/yardsticks/argon2-verify.ts <concurrency> <seconds>
// Prints one JSON line: { "concurrency", "verifies", "seconds", "perSecond" }.
// Runs in its own process, like the service, on libuv's default thread pool (where argon2 does its work).
import argon2 from 'argon2';

// The same as server/services/accounts/passwords.ts: argon2id, 19 MiB, 2 passes, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const concurrency = Number(process.argv[2]);
const seconds = Number(process.argv[3]);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64 || !(seconds > 0 && seconds <= 60)) {
  console.error('usage: argon2-verify.ts <concurrency 1..64> <seconds ≤ 60>');
  process.exit(2);
}

const password = 'bench-password-1';
const hash = await argon2.hash(password, OPTIONS);
// One verify first, so the first measured one does not pay for warming up.
if (!(await argon2.verify(hash, password))) throw new Error('argon2 verify failed on its own hash');

let verifies = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
async function lane(): Promise<void> {
  while (performance.now() < deadline) {
    if (!(await argon2.verify(hash, password))) throw new Error('argon2 verify failed');
    verifies += 1;
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
const elapsed = (performance.now() - started) / 1000;
console.log(JSON.stringify({ concurrency, verifies, seconds: elapsed, perSecond: verifies / elapsed }));
