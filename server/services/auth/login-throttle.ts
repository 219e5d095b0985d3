import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import type { Config } from '../../config.js';
import { LoginFailure, type ILoginFailure } from '../../db/entities/login-failure.js';

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

/** The address that failures are counted against; a request always has one over TCP. */
function addressKey(ip: string | null): string {
  return ip ?? 'unknown';
}

/** Seconds until enough of `failures` (oldest first) leave the window for one more attempt to be allowed. */
function secondsUntilAllowed(failures: Date[], max: number, windowMs: number, now: Date): number {
  const mustExpire = failures[failures.length - max];
  if (!mustExpire) return 1;
  return Math.max(1, Math.ceil((mustExpire.getTime() + windowMs - now.getTime()) / 1000));
}

/** Throws 429 when either count, leaving out the row `exceptId`, is at its limit. */
async function refuseAtLimit(
  em: EntityManager,
  usernameKey: string,
  ip: string | null,
  now: Date,
  settings: ThrottleSettings,
  exceptId?: number,
): Promise<void> {
  const windowMs = settings.windowSeconds * 1000;
  const since = new Date(now.getTime() - windowMs);
  const address = addressKey(ip);
  const checks = [
    { where: { usernameKey, ip: address }, max: settings.maxFailures },
    { where: { ip: address }, max: settings.maxFailuresPerIp },
  ];
  for (const { where, max } of checks) {
    const failures = await em.find(
      LoginFailure,
      { ...where, createdAt: { $gt: since }, ...(exceptId === undefined ? {} : { id: { $ne: exceptId } }) },
      { fields: ['createdAt'], orderBy: { createdAt: 'asc' }, limit: 10_000 },
    );
    if (failures.length >= max) {
      const retryAfter = secondsUntilAllowed(failures.map((f) => f.createdAt), max, windowMs, now);
      throw new AppError('too_many_attempts', { headers: { 'Retry-After': String(retryAfter) } });
    }
  }
}

/**
 * Refuses a sign-in with 429 while either count is at its limit. Called before any password is
 * hashed, so a flood of attempts costs a query, not an argon2 verify. Counts live in PostgreSQL,
 * so every process sharing the database enforces one limit.
 */
export async function assertLoginAllowed(
  em: EntityManager,
  usernameKey: string,
  ip: string | null,
  now: Date,
  settings: ThrottleSettings,
): Promise<void> {
  await refuseAtLimit(em, usernameKey, ip, now, settings);
}

/**
 * Counts this attempt as a failure before its password is checked, then checks the limit again
 * with the other attempts already stored. Without it, a burst of parallel attempts would all pass
 * `assertLoginAllowed` before any failure was stored, and each would cost a verify. Each claim is
 * committed before its count is taken, so at most `max` claims inside one window are admitted, in
 * one process or several. A refused claim is removed again. The caller keeps the returned row on
 * a failure, and deletes it (`clearLoginFailures`, `releaseLoginAttempt`) when it is not one.
 */
export async function claimLoginAttempt(
  em: EntityManager,
  usernameKey: string,
  ip: string | null,
  now: Date,
  settings: ThrottleSettings,
): Promise<ILoginFailure> {
  const attempt = em.create(LoginFailure, { usernameKey, ip: addressKey(ip), createdAt: now });
  await em.flush();
  try {
    await refuseAtLimit(em, usernameKey, ip, now, settings, attempt.id);
  } catch (error) {
    await em.remove(attempt).flush();
    throw error;
  }
  return attempt;
}

/** Forgets a claimed attempt that turned out not to be a failed guess. */
export function releaseLoginAttempt(em: EntityManager, attempt: ILoginFailure): void {
  em.remove(attempt);
}

/** Adds a failure to the unit of work; the caller's flush stores it. */
export function recordLoginFailure(em: EntityManager, usernameKey: string, ip: string | null, now: Date): void {
  em.create(LoginFailure, { usernameKey, ip: addressKey(ip), createdAt: now });
}

/** A successful sign-in forgives that (username, address) pair. */
export async function clearLoginFailures(em: EntityManager, usernameKey: string, ip: string | null): Promise<void> {
  await em.nativeDelete(LoginFailure, { usernameKey, ip: addressKey(ip) });
}
