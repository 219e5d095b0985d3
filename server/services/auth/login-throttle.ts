import type { EntityManager } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../app-error.js';
import type { Config } from '../../config.js';
import { addressKey } from './address-key.js';

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

/** One guess at a password: sign-in, or the `current` of a password change; or a passkey sign-in's assertion. */
export interface PasswordGuess {
  /** The username's key; for a passkey, the credential's (`passkeyThrottleKey`), which no username can equal. */
  usernameKey: string;
  ip: string | null;
  /** A browser this username signed in from before (its device cookie): the per-address limit does not hold it. */
  exemptFromAddressLimit?: boolean;
}

/** A claim whose process died before settling it stops counting after this. */
const PENDING_LIFETIME_MS = 30_000;
/** How long an attempt waits for in-flight checks to settle before it is refused. */
const MAX_WAIT_MS = 10_000;
// Serialises claims per client address across every process (PostgreSQL advisory lock class).
const CLAIM_LOCK_CLASS = 727_003;

type RefusedBy = 'pair' | 'address';

/**
 * Beside a refusal, in the statement that refuses: the moment the failure whose leaving the window brings the count
 * that refused below its limit was made (the pair's settled failures, or the address's). Its parameters follow the
 * statement's own: the address, the window's start, the username key, the pair's and the address's limits.
 */
const MUST_EXPIRE = `
  case r.refused_by
    when 'pair' then (select f.created_at from login_failure f where f.ip = ? and f.created_at > ? and not f.pending
                       and f.username_key = ? order by f.created_at desc offset ? limit 1)
    when 'address' then (select f.created_at from login_failure f where f.ip = ? and f.created_at > ? and not f.pending
                          order by f.created_at desc offset ? limit 1)
  end as must_expire`;
const CLAIM = `select r.claim_id, r.refused_by, ${MUST_EXPIRE} from login_claim(?, ?, ?, ?, ?, ?, ?, ?, ?) r`;
/**
 * `CLAIM` and the row of the account whose username key is its last parameter, as JSON (`account`; null when there
 * is none, and when the guess is not claimed). A subquery rather than a join: a join made every refusal a third dearer.
 */
export const CLAIM_WITH_ACCOUNT = `select r.claim_id, r.refused_by, ${MUST_EXPIRE},
    case when r.claim_id is not null then (select to_jsonb(u) from app_user u where u.username_key = ?) end as account
  from login_claim(?, ?, ?, ?, ?, ?, ?, ?, ?) r`;

// Which limit refuses a guess, if one does (the database's `login_refused_by`, which `login_claim` asks too): the
// pair's settled failures at its limit, or the address's unless the guess is exempt from it.
const REFUSED_BY = `select r.refused_by, ${MUST_EXPIRE} from (select login_refused_by(?, ?, ?, ?, ?, ?, ?) as refused_by) r`;

interface Refusal {
  refused_by: RefusedBy | null;
  must_expire: string | Date | null;
}

/** `MUST_EXPIRE`'s parameters for a guess. */
function mustExpireParameters(guess: PasswordGuess, now: Date, settings: ThrottleSettings): unknown[] {
  const ip = addressKey(guess.ip);
  const since = windowStart(now, settings);
  return [ip, since, guess.usernameKey, maxFailuresOf(true, settings) - 1, ip, since, maxFailuresOf(false, settings) - 1];
}

/** Where the window of counted failures (and of audited refusals) starts. */
export const windowStart = (now: Date, settings: ThrottleSettings) => new Date(now.getTime() - settings.windowSeconds * 1000);
/** Claims made before this no longer count as checks in flight. */
const pendingStart = (now: Date) => new Date(now.getTime() - PENDING_LIFETIME_MS);
/** The limit of the (username, address) pair (`sameUser`), or of the address. */
const maxFailuresOf = (sameUser: boolean, settings: ThrottleSettings) => (sameUser ? settings.maxFailures : settings.maxFailuresPerIp);

/** 429 with the seconds until enough failures have left the window to bring the count below the limit that refused. */
function tooManyAttempts(refusal: Refusal, now: Date, settings: ThrottleSettings) {
  const { must_expire: mustExpire } = refusal;
  // A failure the refusal counted but the statement's earlier snapshot did not see: try again in a second.
  const expiresAt = mustExpire !== null ? new Date(mustExpire).getTime() + settings.windowSeconds * 1000 : now.getTime() + 1000;
  const seconds = Math.max(1, Math.ceil((expiresAt - now.getTime()) / 1000));
  return new AppError('too_many_attempts', { headers: { 'Retry-After': String(seconds) } });
}

export function isTooManyAttempts(error: unknown): boolean {
  return error instanceof AppError && error.code === 'too_many_attempts';
}

/**
 * Refuses with 429 and `Retry-After` while either count of settled failures is at its limit; writes nothing.
 * A step that precedes a guess without being one (a passkey ceremony's challenge) is refused as the guess would be.
 */
export async function refuseAtLimit(em: EntityManager, guess: PasswordGuess, now: Date, settings: ThrottleSettings): Promise<void> {
  const [row] = await em.execute<Refusal[]>(REFUSED_BY, [
    ...mustExpireParameters(guess, now, settings),
    guess.usernameKey,
    addressKey(guess.ip),
    windowStart(now, settings),
    pendingStart(now),
    maxFailuresOf(true, settings),
    maxFailuresOf(false, settings),
    guess.exemptFromAddressLimit === true,
  ]);
  if (row!.refused_by !== null) throw tooManyAttempts(row!, now, settings);
}

/**
 * Reserves a password check for one guess before it is verified: a pending row that counts toward both
 * limits, so a burst of parallel guesses (separate requests, or the calls of one tRPC batch), in one
 * process or several, can start at most `max` checks. While either count of settled failures is at its
 * limit the guess is refused with 429 and `Retry-After`, writing nothing and hashing nothing. When the
 * slots are taken by checks still under way, the guess waits for them to settle instead of being refused:
 * a right password is refused only once the settled failures reach the limit. Returns the claim's id, for
 * `settlePasswordCheck`, which the caller must reach whatever happens (in a `finally`).
 */
export async function claimPasswordCheck(em: EntityManager, guess: PasswordGuess, now: Date, settings: ThrottleSettings): Promise<number> {
  return (await claimWith(em, CLAIM, [], guess, now, settings)).claim_id;
}

/**
 * `claimPasswordCheck` for a sign-in, with the row of the account the username names read in the same statement (one
 * round trip fewer): its columns as the database names them, for `em.map`, or null when no account has that name.
 */
export async function claimSignIn(
  em: EntityManager,
  guess: PasswordGuess,
  now: Date,
  settings: ThrottleSettings,
): Promise<{ claim: number; account: Record<string, unknown> | null }> {
  const row = await claimWith(em, CLAIM_WITH_ACCOUNT, [guess.usernameKey], guess, now, settings);
  return { claim: row.claim_id, account: (row.account as Record<string, unknown> | null) ?? null };
}

/** The parameters of a claim statement: `MUST_EXPIRE`'s, the statement's own (`parameters`), then `login_claim`'s. */
export function claimParameters(parameters: unknown[], guess: PasswordGuess, now: Date, settings: ThrottleSettings): unknown[] {
  return [
    ...mustExpireParameters(guess, now, settings),
    ...parameters,
    guess.usernameKey,
    addressKey(guess.ip),
    now,
    windowStart(now, settings),
    pendingStart(now),
    maxFailuresOf(true, settings),
    maxFailuresOf(false, settings),
    guess.exemptFromAddressLimit === true,
    CLAIM_LOCK_CLASS,
  ];
}

/**
 * Runs a claim statement until it claims: `CLAIM`, or one built on it whose own parameters come between
 * `MUST_EXPIRE`'s and `login_claim`'s.
 */
async function claimWith(
  em: EntityManager,
  statement: string,
  parameters: unknown[],
  guess: PasswordGuess,
  now: Date,
  settings: ThrottleSettings,
): Promise<Record<string, unknown> & { claim_id: number }> {
  const started = Date.now();
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    // One statement (the database's `login_claim`): the cheap check (`login_refused_by`), then the address's lock,
    // the check again, the count of checks in flight and the pending row; a refusal names the limit it met.
    const [row] = await em.execute<(Refusal & { claim_id: number | null } & Record<string, unknown>)[]>(
      statement,
      claimParameters(parameters, guess, now, settings),
    );
    if (row!.refused_by !== null) throw tooManyAttempts(row!, now, settings);
    if (row!.claim_id !== null) return row as Record<string, unknown> & { claim_id: number };
    if (Date.now() - started > MAX_WAIT_MS) throw new AppError('too_many_attempts', { headers: { 'Retry-After': '1' } });
    await sleep(pause);
  }
}

/**
 * Ends a claim: a wrong password keeps it as a failure; anything else (the right password, an inactive
 * account, a failure of the check itself) removes it.
 */
export async function settlePasswordCheck(em: EntityManager, claimId: number, failed: boolean): Promise<void> {
  if (failed) await em.execute('update login_failure set pending = false where id = ?', [claimId]);
  else await em.execute('delete from login_failure where id = ?', [claimId]);
}

/**
 * What a successful sign-in deletes: its claim and the (username, address) pair's settled failures. The condition's
 * parameters are `forgivenParameters`; the password sign-in uses it inside its last statement.
 */
export const FORGIVEN = 'id = ? or (username_key = ? and ip = ? and not pending)';
export const forgivenParameters = (claimId: number, guess: PasswordGuess) => [claimId, guess.usernameKey, addressKey(guess.ip)];

/** A successful sign-in removes its claim and forgives the (username, address) pair's settled failures. */
export async function forgivePasswordChecks(em: EntityManager, claimId: number, guess: PasswordGuess): Promise<void> {
  await em.execute(`delete from login_failure where ${FORGIVEN}`, forgivenParameters(claimId, guess));
}
