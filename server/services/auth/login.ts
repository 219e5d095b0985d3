import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLoginRequest } from '../../../shared/schemas/auth.js';
import { AppError } from '../../app-error.js';
import { User } from '../../db/entities/user.js';
import { usernameKey } from '../accounts/username-key.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceDeps } from '../service-context.js';
import { startSession, type SessionStartContext } from '../sessions/start-session.js';
import {
  claimPasswordCheck,
  forgivePasswordChecks,
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

// Read under a row lock in the session's transaction: a reset, a password change or a deactivation
// committed while the password was being verified is seen here, and no session outlives it.
const CREDENTIALS_FOR_UPDATE = 'select password_hash, active from app_user where id = ? for update';

/** Checks the credentials and starts a session. Wrong username and wrong password fail alike. */
export async function login(em: EntityManager, input: TLoginRequest, ctx: LoginContext) {
  const { client, hasher, now } = ctx;
  const throttle = throttleSettings(ctx.config);
  const key = usernameKey(input.username);
  const guess: PasswordGuess = { usernameKey: key, ip: client.ip, exemptFromAddressLimit: ctx.deviceUsernameKey === key };
  let claim: number;
  try {
    claim = await claimPasswordCheck(em, guess, now, throttle);
  } catch (error) {
    // Only a refusal is one; a failing database is not a rate-limited sign-in.
    if (isTooManyAttempts(error)) await recordRefusal(em, { reason: 'rate_limited', username: input.username }, ctx, throttle);
    throw error;
  }
  // Whatever happens from here on, the claim is settled: a wrong password keeps it as a failure, and
  // anything else, a thrown error included, removes it rather than leaving it pending.
  let outcome: 'failed' | 'not_counted' | 'succeeded' = 'not_counted';
  try {
    const user = await em.findOne(User, { usernameKey: key }, { populate: ['passwordHash'] });
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

    const token = await em.transactional(async (tx) => {
      const [current] = await tx.execute<{ password_hash: string; active: boolean }[]>(CREDENTIALS_FOR_UPDATE, [user.id]);
      if (current?.password_hash !== user.passwordHash || !current.active) {
        recordAuthEvent(tx, { type: 'login_failed', client, userId: user.id, username: input.username, reason: 'credentials_changed' }, now);
        return null;
      }
      await forgivePasswordChecks(tx, claim, guess);
      const started = await startSession(tx, { userId: user.id }, ctx);
      recordAuthEvent(tx, { type: 'login_succeeded', client, userId: user.id }, now);
      return started;
    });
    if (token === null) throw new AppError('invalid_credentials');
    outcome = 'succeeded';
    return { user, token };
  } finally {
    if (outcome !== 'succeeded') await settlePasswordCheck(em, claim, outcome === 'failed');
  }
}
