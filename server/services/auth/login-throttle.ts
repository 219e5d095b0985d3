import type { EntityManager } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../app-error.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { LoginFailure } from '../../db/entities/login-failure.js';

// Failures are rows of our own `login_failure` table rather than rate-limiter-flexible's PostgreSQL
// store: no second connection pool, the app's injectable clock (tests move the window), and every
// write goes through the request's own EntityManager, its unit of work.

export interface ThrottleSettings {
  /** Failures allowed per (username, client address) inside the window. */
  maxFailures: number;
  /** Failures allowed per client address, any username, inside the window. */
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export function throttleSettings(config: Config): ThrottleSettings {
  return {
    maxFailures: config.loginMaxFailures,
    maxFailuresPerIp: config.loginMaxFailuresPerIp,
    windowSeconds: config.loginWindowSeconds,
  };
}

/** A claim whose process died before settling it stops counting after this. */
const PENDING_LIFETIME_MS = 30_000;
/** How long an attempt waits for in-flight checks to settle before it is refused. */
const MAX_WAIT_MS = 10_000;
// Serialises claims per client address across every process (PostgreSQL advisory lock class).
const CLAIM_LOCK_CLASS = 727_003;

/** The address that failures are counted against; a request always has one over TCP. */
function addressKey(ip: string | null): string {
  return ip ?? 'unknown';
}

interface Tally {
  /** Settled failures inside the window, oldest first. */
  failures: Date[];
  /** Attempts whose password check is under way. */
  inFlight: number;
}

async function tally(em: EntityManager, where: { usernameKey?: string; ip: string }, now: Date, settings: ThrottleSettings): Promise<Tally> {
  const since = new Date(now.getTime() - settings.windowSeconds * 1000);
  const pendingSince = new Date(now.getTime() - PENDING_LIFETIME_MS);
  const rows = await em.find(
    LoginFailure,
    { ...where, createdAt: { $gt: since } },
    { fields: ['createdAt', 'pending'], orderBy: { createdAt: 'asc' }, limit: 10_000 },
  );
  return {
    failures: rows.filter((row) => !row.pending).map((row) => row.createdAt),
    inFlight: rows.filter((row) => row.pending && row.createdAt > pendingSince).length,
  };
}

function tooManyAttempts(failures: Date[], max: number, now: Date, settings: ThrottleSettings): AppError {
  // The attempt is allowed again once enough failures have left the window to bring the count below max.
  const mustExpire = failures[failures.length - max];
  const seconds = mustExpire ? Math.ceil((mustExpire.getTime() + settings.windowSeconds * 1000 - now.getTime()) / 1000) : 1;
  return new AppError('too_many_attempts', { headers: { 'Retry-After': String(Math.max(1, seconds)) } });
}

async function tallies(em: EntityManager, usernameKey: string, ip: string | null, now: Date, settings: ThrottleSettings) {
  const address = addressKey(ip);
  return [
    { tally: await tally(em, { usernameKey, ip: address }, now, settings), max: settings.maxFailures },
    { tally: await tally(em, { ip: address }, now, settings), max: settings.maxFailuresPerIp },
  ];
}

/**
 * Refuses with 429 (and `Retry-After`) while either count of settled failures is at its limit. It writes
 * nothing and hashes nothing, so a flood of refused attempts costs a query each.
 */
export async function assertLoginAllowed(
  em: EntityManager,
  usernameKey: string,
  ip: string | null,
  now: Date,
  settings: ThrottleSettings,
): Promise<void> {
  for (const { tally: counted, max } of await tallies(em, usernameKey, ip, now, settings)) {
    if (counted.failures.length >= max) throw tooManyAttempts(counted.failures, max, now, settings);
  }
}

/**
 * Reserves a password check for this attempt: a pending row that counts toward both limits, so a burst
 * of parallel attempts, in one process or several, can start at most `max` checks. Claims are taken
 * under a per-address lock held only for the insert. When the slots are taken by checks still under
 * way, the attempt waits for them to settle instead of being refused: a right password is refused only
 * once the settled failures reach the limit. Returns the claim's id, for `settleLoginAttempt`.
 */
export async function claimLoginAttempt(
  em: EntityManager,
  usernameKey: string,
  ip: string | null,
  clock: Clock,
  settings: ThrottleSettings,
): Promise<number> {
  const started = Date.now();
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const now = clock.now();
    const claimed = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, hashtext(?))', [CLAIM_LOCK_CLASS, addressKey(ip)]);
      let full = false;
      for (const { tally: counted, max } of await tallies(tx, usernameKey, ip, now, settings)) {
        if (counted.failures.length >= max) throw tooManyAttempts(counted.failures, max, now, settings);
        if (counted.failures.length + counted.inFlight >= max) full = true;
      }
      if (full) return null;
      const claim = tx.create(LoginFailure, { usernameKey, ip: addressKey(ip), pending: true, createdAt: now });
      await tx.flush();
      return claim.id;
    });
    if (claimed !== null) return claimed;
    if (Date.now() - started > MAX_WAIT_MS) throw new AppError('too_many_attempts', { headers: { 'Retry-After': '1' } });
    await sleep(pause);
  }
}

/** Ends a claim: a wrong password keeps it as a failure; anything else removes it. */
export async function settleLoginAttempt(em: EntityManager, claimId: number, failed: boolean): Promise<void> {
  if (failed) await em.nativeUpdate(LoginFailure, { id: claimId }, { pending: false });
  else await em.nativeDelete(LoginFailure, { id: claimId });
}

/** Adds a failure to the unit of work; the caller's flush stores it. */
export function recordLoginFailure(em: EntityManager, usernameKey: string, ip: string | null, now: Date): void {
  em.create(LoginFailure, { usernameKey, ip: addressKey(ip), createdAt: now });
}

/** A successful sign-in forgives that (username, address) pair's settled failures. */
export async function clearLoginFailures(em: EntityManager, usernameKey: string, ip: string | null): Promise<void> {
  await em.nativeDelete(LoginFailure, { usernameKey, ip: addressKey(ip), pending: false });
}
