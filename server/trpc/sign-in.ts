import type { TUserEnvelope } from '../../shared/schemas/user.js';
import type { IUser } from '../db/entities/user.js';
import { publicUser } from '../services/accounts/public-user.js';
import type { LoginContext } from '../services/auth/login.js';
import type { Context } from './context.js';
import { setDeviceCookie } from './device-cookie.js';
import { sessionStartContext } from './service-context.js';
import { setSessionCookie } from './session-cookie.js';

/** What a sign-in service, password or passkey, is told: a session start, the browser's device cookie, past refusals. */
export function signInContext(ctx: Context): LoginContext {
  return { ...sessionStartContext(ctx), deviceUsernameKey: ctx.deviceUsernameKey, refusals: ctx.services.refusals };
}

/** What a call that started a session answers: the session's cookie, and the account as the API shows it. */
export function answerNewSession(ctx: Context, { user, token }: { user: IUser; token: string }): TUserEnvelope {
  setSessionCookie(ctx, token);
  return { user: publicUser(user) };
}

/**
 * The end of every sign-in, password or passkey: `answerNewSession`, and the device cookie naming the account, so
 * that this browser passes the per-address limit next time. (First-run setup and an accepted invitation start a
 * session with `answerNewSession` alone.)
 */
export function completeSignIn(ctx: Context, signedIn: { user: IUser; token: string }): TUserEnvelope {
  const answer = answerNewSession(ctx, signedIn);
  setDeviceCookie(ctx, signedIn.user.usernameKey);
  return answer;
}
