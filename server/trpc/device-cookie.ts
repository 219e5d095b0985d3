import { stringifySetCookie } from 'cookie';
import { signToken, verifySignedToken } from '../services/sessions/tokens.js';
import type { Context } from './context.js';

/**
 * OWASP's "device cookie": a browser that has signed in successfully carries the username it signed in as,
 * signed by the service. That username is not held by the per-address sign-in limit from that browser, so
 * a flood of failures from a shared address (a ward's NAT, a proxy without TRUST_PROXY) cannot lock its
 * regular users out. The per-(username, address) limit still holds.
 */
export const DEVICE_COOKIE = 'nobat_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
// Keeps a device cookie's signature from ever being a session cookie's, and the other way round.
const PURPOSE = 'device:';

/** The username key a correctly signed device cookie names, else null. */
export function deviceUsernameKey(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const signed = verifySignedToken(`${PURPOSE}${value}`, secret);
  if (!signed) return null;
  return Buffer.from(signed.slice(PURPOSE.length), 'base64url').toString('utf8') || null;
}

export function setDeviceCookie(ctx: Context, usernameKey: string): void {
  const signed = signToken(`${PURPOSE}${Buffer.from(usernameKey, 'utf8').toString('base64url')}`, ctx.services.sessionSecret);
  ctx.setCookie(
    stringifySetCookie({
      name: DEVICE_COOKIE,
      value: signed.slice(PURPOSE.length),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      maxAge: MAX_AGE_SECONDS,
      secure: ctx.services.config.cookieSecure,
    }),
  );
}
