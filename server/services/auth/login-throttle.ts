import type { EntityManager } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../app-error.js';
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

interface AttemptRow {
  // The ORM's driver leaves timestamps as text.
  created_at: string | Date;
  pending: boolean;
  same_user: boolean;
}

// Both counts from one fixed statement: it runs on every sign-in, and in a flood on every refusal.
const ATTEMPTS_FROM_ADDRESS = `
  select created_at, pending, username_key = ? as same_user
  from login_failure
  where ip = ? and created_at > ?
  order by created_at
  limit 10000`;

/** The (username, address) pair's tally and the address's tally, with the limit each is held to. */
async function tallies(em: EntityManager, usernameKey: string, ip: string | null, now: Date, settings: ThrottleSettings) {
  const since = new Date(now.getTime() - settings.windowSeconds * 1000);
  const pendingSince = now.getTime() - PENDING_LIFETIME_MS;
  const rows = await em.execute<AttemptRow[]>(ATTEMPTS_FROM_ADDRESS, [usernameKey, addressKey(ip), since]);
  const tally = (selected: AttemptRow[]): Tally => ({
    failures: selected.filter((row) => !row.pending).map((row) => new Date(row.created_at)),
    inFlight: selected.filter((row) => row.pending && new Date(row.created_at).getTime() > pendingSince).length,
  });
  return [
    { tally: tally(rows.filter((row) => row.same_user)), max: settings.maxFailures },
    { tally: tally(rows), max: settings.maxFailuresPerIp },
  ];
}

function tooManyAttempts(failures: Date[], max: number, now: Date, settings: ThrottleSettings): AppError {
  // The attempt is allowed again once enough failures have left the window to bring the count below max.
  const mustExpire = failures[failures.length - max];
  const seconds = mustExpire ? Math.ceil((mustExpire.getTime() + settings.windowSeconds * 1000 - now.getTime()) / 1000) : 1;
  return new AppError('too_many_attempts', { headers: { 'Retry-After': String(Math.max(1, seconds)) } });
}

/**
 * Refuses with 429 (and `Retry-After`) while either count of settled failures is at its limit. It writes
 * nothing and hashes nothing, so a flood of refused attempts costs one query each.
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
  now: Date,
  settings: ThrottleSettings,
): Promise<number> {
  const started = Date.now();
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const claimed = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, hashtext(?))', [CLAIM_LOCK_CLASS, addressKey(ip)]);
      let full = false;
      for (const { tally: counted, max } of await tallies(tx, usernameKey, ip, now, settings)) {
        if (counted.failures.length >= max) throw tooManyAttempts(counted.failures, max, now, settings);
        if (counted.failures.length + counted.inFlight >= max) full = true;
      }
      if (full) return null;
      const [claim] = await tx.execute<{ id: number }[]>(
        'insert into login_failure (username_key, ip, pending, created_at) values (?, ?, true, ?) returning id',
        [usernameKey, addressKey(ip), now],
      );
      return claim!.id;
    });
    if (claimed !== null) return claimed;
    if (Date.now() - started > MAX_WAIT_MS) throw new AppError('too_many_attempts', { headers: { 'Retry-After': '1' } });
    await sleep(pause);
  }
}

/** A wrong password keeps the claim as a failure; the right one of an inactive account removes it. */
export async function settleLoginAttempt(em: EntityManager, claimId: number, failed: boolean): Promise<void> {
  if (failed) await em.execute('update login_failure set pending = false where id = ?', [claimId]);
  else await em.execute('delete from login_failure where id = ?', [claimId]);
}

/** A successful sign-in removes its claim and forgives the (username, address) pair's settled failures. */
export async function forgiveLoginAttempts(em: EntityManager, claimId: number, usernameKey: string, ip: string | null): Promise<void> {
  await em.execute('delete from login_failure where id = ? or (username_key = ? and ip = ? and not pending)', [
    claimId,
    usernameKey,
    addressKey(ip),
  ]);
}

/** Adds a failure to the unit of work; the caller's flush stores it. */
export function recordLoginFailure(em: EntityManager, usernameKey: string, ip: string | null, now: Date): void {
  em.create(LoginFailure, { usernameKey, ip: addressKey(ip), createdAt: now });
}
