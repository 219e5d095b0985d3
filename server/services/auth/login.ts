import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLoginRequest } from '../../../shared/schemas/auth.js';
import { AppError } from '../../app-error.js';
import { User } from '../../db/entities/user.js';
import { usernameKey } from '../accounts/username-key.js';
import { auditedUsername, recordAuthEvent } from '../audit/record-auth-event.js';
import { storedUserAgent } from '../request-client.js';
import type { ServiceDeps } from '../service-context.js';
import { newSession } from '../sessions/create-session.js';
import type { SessionStartContext } from '../sessions/start-session.js';
import { tokenHash } from '../sessions/tokens.js';
import {
  claimSignIn,
  FORGIVEN,
  forgivenParameters,
  isTooManyAttempts,
  settlePasswordCheck,
  throttleSettings,
  type PasswordGuess,
} from './login-throttle.js';
import type { RecentRefusals } from './recent-refusals.js';
import { recordRefusal } from './record-refusal.js';

export interface LoginContext extends SessionStartContext, ServiceDeps {
  /** The username key this browser's device cookie names: exempt from the per-address limit. */
  deviceUsernameKey: string | null;
  /** The process's memory of refusals already in the audit trail. */
  refusals: RecentRefusals;
}

/**
 * The end of a sign-in whose password was right, in one statement (one round trip, atomic as a transaction). The
 * account's row is locked and read as it is now, so a reset, a password change or a deactivation committed while the
 * password was being verified is seen and no session outlives it. Only if the row still holds the hash that was
 * verified and is active: the claim and the pair's settled failures go (`FORGIVEN`), the session the
 * request came with is revoked and the new one stored (`startSession`). The audit record says which it was.
 * Parameters in select lists are cast: PostgreSQL would read them as text there.
 */
export const FINISH_SIGN_IN = `
  with account as (
    select id from app_user where id = ? and password_hash = ? and active for update
  ), checked as (
    select exists (select 1 from account) as signed_in
  ), forgiven as (
    delete from login_failure where (select signed_in from checked) and (${FORGIVEN})
  ), replaced as (
    update session set revoked_at = ?
    where (select signed_in from checked) and token_hash = ? and revoked_at is null and expires_at > ?
  ), started as (
    insert into session (id, token_hash, user_id, created_at, expires_at, last_seen_at, user_agent, ip)
    select ?::uuid, ?::text, id, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::text, ?::text from account
  ), audited as (
    insert into auth_event (type, user_id, username, reason, ip, user_agent, created_at)
    select case when signed_in then 'login_succeeded' else 'login_failed' end, ?::int,
      case when signed_in then null else ?::text end, case when signed_in then null else 'credentials_changed' end,
      ?::text, ?::text, ?::timestamptz
    from checked
  )
  select signed_in from checked`;

/** What `FINISH_SIGN_IN` is given: the account and the hash verified, the claim and its guess, the new session. */
export interface SignInEnd {
  user: { id: number; passwordHash: string };
  claim: number;
  guess: PasswordGuess;
  /** The username as typed, for the audit record. */
  username: string;
  session: ReturnType<typeof newSession>['row'];
  /** The hash of the token of the session the request came with, which the sign-in revokes. */
  presentedHash: string | null;
  client: LoginContext['client'];
  now: Date;
}

/** `FINISH_SIGN_IN`'s parameters, in its order. */
export function finishSignInParameters({ user, claim, guess, username, session, presentedHash, client, now }: SignInEnd): unknown[] {
  return [
    user.id,
    user.passwordHash,
    ...forgivenParameters(claim, guess),
    now,
    presentedHash,
    now,
    session.id,
    session.tokenHash,
    session.createdAt,
    session.expiresAt,
    session.lastSeenAt,
    session.userAgent,
    session.ip,
    user.id,
    auditedUsername(username),
    client.ip,
    storedUserAgent(client),
    now,
  ];
}

/** Runs `FINISH_SIGN_IN`; answers the new session's token, or null when the credentials changed meanwhile. */
async function finishSignIn(
  em: EntityManager,
  user: { id: number; passwordHash: string },
  claim: number,
  guess: PasswordGuess,
  username: string,
  ctx: LoginContext,
): Promise<string | null> {
  const { now, client } = ctx;
  const { token, row: session } = newSession(client, now, ctx.config.sessionTtlSeconds);
  const presentedHash = ctx.presentedToken ? tokenHash(ctx.presentedToken) : null;
  const [result] = await em.execute<{ signed_in: boolean }[]>(
    FINISH_SIGN_IN,
    finishSignInParameters({ user, claim, guess, username, session, presentedHash, client, now }),
  );
  return result!.signed_in ? token : null;
}

/** Checks the credentials and starts a session. Wrong username and wrong password fail alike. */
export async function login(em: EntityManager, input: TLoginRequest, ctx: LoginContext) {
  const { client, hasher, now } = ctx;
  const throttle = throttleSettings(ctx.config);
  const key = usernameKey(input.username);
  const guess: PasswordGuess = { usernameKey: key, ip: client.ip, exemptFromAddressLimit: ctx.deviceUsernameKey === key };
  let claim: number;
  let account: Record<string, unknown> | null;
  try {
    ({ claim, account } = await claimSignIn(em, guess, now, throttle));
  } catch (error) {
    // Only a refusal is one; a failing database is not a rate-limited sign-in.
    if (isTooManyAttempts(error)) await recordRefusal(em, { reason: 'rate_limited', username: input.username }, ctx, throttle);
    throw error;
  }
  // Whatever happens from here on, the claim is settled: a wrong password keeps it as a failure, and
  // anything else, a thrown error included, removes it rather than leaving it pending.
  let outcome: 'failed' | 'not_counted' | 'succeeded' = 'not_counted';
  try {
    const user = account === null ? null : em.map(User, account);
    const failure = async (reason: string, code: 'invalid_credentials' | 'account_inactive') => {
      recordAuthEvent(em, { type: 'login_failed', client, userId: user?.id, username: input.username, reason }, now);
      await em.flush();
      return new AppError(code);
    };
    if (!user) {
      await hasher.verifyDummy(input.password);
      outcome = 'failed';
      throw await failure('unknown_username', 'invalid_credentials');
    }
    if (!(await hasher.verify(user.passwordHash, input.password))) {
      outcome = 'failed';
      throw await failure('wrong_password', 'invalid_credentials');
    }
    // Told only to whoever knows the password, so it reveals nothing about which accounts exist.
    if (!user.active) throw await failure('account_inactive', 'account_inactive');

    const token = await finishSignIn(em, user, claim, guess, input.username, ctx);
    if (token === null) throw new AppError('invalid_credentials');
    outcome = 'succeeded';
    return { user, token };
  } finally {
    if (outcome !== 'succeeded') await settlePasswordCheck(em, claim, outcome === 'failed');
  }
}
