import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLoginRequest } from '../../../shared/schemas/auth.js';
import { AppError } from '../../app-error.js';
import { User } from '../../db/entities/user.js';
import { usernameKey } from '../accounts/username-key.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { RequestClient } from '../request-client.js';
import type { ServiceDeps } from '../service-context.js';
import { startSession, type SessionStartContext } from '../sessions/start-session.js';
import {
  assertLoginAllowed,
  claimLoginAttempt,
  forgiveLoginAttempts,
  settleLoginAttempt,
  throttleSettings,
  type ThrottleSettings,
} from './login-throttle.js';

// A flood of refused attempts must not grow the audit trail at its own rate: the first refusal of an
// address and typed username inside the window is recorded; the request log has every one.
const RECENT_REFUSAL = `
  select 1 from auth_event
  where type = 'login_failed' and reason = 'rate_limited' and ip is not distinct from ? and username = ? and created_at > ?
  limit 1`;

async function recordRefusal(em: EntityManager, username: string, client: RequestClient, now: Date, throttle: ThrottleSettings) {
  const since = new Date(now.getTime() - throttle.windowSeconds * 1000);
  if ((await em.execute(RECENT_REFUSAL, [client.ip, username.slice(0, 200), since])).length > 0) return;
  recordAuthEvent(em, { type: 'login_failed', client, username, reason: 'rate_limited' }, now);
  await em.flush();
}

/** Checks the credentials and starts a session. Wrong username and wrong password fail alike. */
export async function login(em: EntityManager, input: TLoginRequest, ctx: SessionStartContext & ServiceDeps) {
  const { client, hasher, now } = ctx;
  const throttle = throttleSettings(ctx.config);
  const key = usernameKey(input.username);
  let claim: number;
  try {
    // The cheap check refuses a flood without writing; the claim bounds a parallel burst.
    await assertLoginAllowed(em, key, client.ip, now, throttle);
    claim = await claimLoginAttempt(em, key, client.ip, now, throttle);
  } catch (error) {
    await recordRefusal(em, input.username, client, now, throttle);
    throw error;
  }
  const user = await em.findOne(User, { usernameKey: key }, { populate: ['passwordHash'] });
  const failure = async (reason: string, code: 'invalid_credentials' | 'account_inactive') => {
    // Only a wrong password counts toward the limit; the right one of an inactive account does not.
    await settleLoginAttempt(em, claim, code === 'invalid_credentials');
    recordAuthEvent(em, { type: 'login_failed', client, userId: user?.id, username: input.username, reason }, now);
    await em.flush();
    return new AppError(code);
  };
  if (!user) {
    await hasher.verifyDummy(input.password);
    throw await failure('unknown_username', 'invalid_credentials');
  }
  if (!(await hasher.verify(user.passwordHash, input.password))) throw await failure('wrong_password', 'invalid_credentials');
  // Told only to whoever knows the password, so it reveals nothing about which accounts exist.
  if (!user.active) throw await failure('account_inactive', 'account_inactive');

  const token = await em.transactional(async (tx) => {
    await forgiveLoginAttempts(tx, claim, key, client.ip);
    const started = await startSession(tx, { userId: user.id }, ctx);
    recordAuthEvent(tx, { type: 'login_succeeded', client, userId: user.id }, now);
    return started;
  });
  return { user, token };
}
