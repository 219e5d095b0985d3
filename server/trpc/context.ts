import type { EntityManager } from '@mikro-orm/postgresql';
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import type { Language } from '../../shared/errors.js';
import type { AppServices } from '../create-services.js';
import { languageOf } from '../http/language.js';
import type { RequestClient } from '../services/request-client.js';
import { verifySignedToken } from '../services/sessions/tokens.js';
import { DEVICE_COOKIE, deviceUsernameKey } from './device-cookie.js';
import { SESSION_COOKIE } from './session-cookie.js';

export type { AppServices } from '../create-services.js';

/** What a request tells every call it carries (a tRPC batch carries several). */
export interface Context {
  services: AppServices;
  language: Language;
  client: RequestClient;
  /** The token of a correctly signed `nobat_sid` cookie, else null. Only the cookie authenticates. */
  sessionToken: string | null;
  /** The username key a correctly signed device cookie names: one that signed in from this browser before. */
  deviceUsernameKey: string | null;
  /** Raw ward selection: `X-Ward`, else `?ward=`; undefined when neither is sent. */
  wardSelection: string | undefined;
  setCookie(header: string): void;
  /** Which face the request came through: the REST adapter reads numbers from text, tRPC takes JSON numbers only. */
  face: 'trpc' | 'rest';
  /** A procedure may set the REST status it answers with (health's 503). Shared by reference with every call. */
  response: { status?: number };
}

/** What each call adds to the request's context: its own unit of work (see `procedure` in init.ts). */
export interface CallContext extends Context {
  em: EntityManager;
}

export interface InnerContextOptions {
  services: AppServices;
  client: RequestClient;
  sessionToken?: string | null;
  deviceUsernameKey?: string | null;
  wardSelection?: string | undefined;
  language?: Language;
  setCookie?: (header: string) => void;
  face?: 'trpc' | 'rest';
}

/**
 * The context without HTTP, as tRPC's examples build it: what `createContext` makes of a request, and
 * what tests and scripts hand to `createCaller`.
 */
export function createContextInner(options: InnerContextOptions): Context {
  return {
    services: options.services,
    language: options.language ?? 'fa',
    client: options.client,
    sessionToken: options.sessionToken ?? null,
    deviceUsernameKey: options.deviceUsernameKey ?? null,
    wardSelection: options.wardSelection,
    setCookie: options.setCookie ?? (() => {}),
    face: options.face ?? 'trpc',
    response: {},
  };
}

function firstOrJoined(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function createContextFactory(services: AppServices, face: 'trpc' | 'rest') {
  return ({ req, res }: { req: Request; res: Response }): Context => {
    const cookies = parseCookie(req.headers.cookie ?? '');
    const cookieValue = cookies[SESSION_COOKIE];
    return createContextInner({
      services,
      language: languageOf(req),
      client: { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
      sessionToken: cookieValue ? verifySignedToken(cookieValue, services.sessionSecret) : null,
      deviceUsernameKey: deviceUsernameKey(cookies[DEVICE_COOKIE], services.sessionSecret),
      wardSelection: firstOrJoined(req.headers['x-ward']) ?? firstOrJoined(req.query?.ward),
      setCookie: (header) => {
        res.appendHeader('Set-Cookie', header);
      },
      face,
    });
  };
}
