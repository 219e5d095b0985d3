import { stringifySetCookie } from 'cookie';
import { signToken } from '../services/sessions/tokens.js';
import type { Context } from './context.js';

export const SESSION_COOKIE = 'nobat_sid';

export function setSessionCookie(ctx: Context, token: string): void {
  const { config } = ctx.services;
  ctx.setCookie(
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: signToken(token, ctx.services.sessionSecret),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      maxAge: config.sessionTtlSeconds,
      secure: config.cookieSecure,
    }),
  );
}

export function clearSessionCookie(ctx: Context): void {
  ctx.setCookie(
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: '',
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      maxAge: 0,
      secure: ctx.services.config.cookieSecure,
    }),
  );
}
