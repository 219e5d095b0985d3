import type { MikroORM } from '@mikro-orm/postgresql';
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Language } from '../../shared/errors.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { JobSender } from '../jobs/job-sender.js';
import type { PasswordHasher } from '../services/accounts/passwords.js';
import type { RequestClient } from '../services/request-client.js';
import { languageOf } from '../http/language.js';
import { verifySignedToken } from '../services/sessions/tokens.js';
import { SESSION_COOKIE } from './session-cookie.js';

/** What lives as long as the process: shared by every request. */
export interface AppServices {
  orm: MikroORM;
  config: Config;
  clock: Clock;
  hasher: PasswordHasher;
  sessionSecret: string;
  logger: Logger;
  /** The PostgreSQL job queue (automatic generation runs on it). */
  jobs: JobSender;
}

export interface Context {
  services: AppServices;
  /** Request-scoped unit of work. */
  em: ReturnType<MikroORM['em']['fork']>;
  language: Language;
  client: RequestClient;
  /** The token of a correctly signed `nobat_sid` cookie, else null. Only the cookie authenticates. */
  sessionToken: string | null;
  /** Raw ward selection: `X-Ward`, else `?ward=`; undefined when neither is sent. */
  wardSelection: string | undefined;
  setCookie(header: string): void;
  /** A procedure may set the REST status it answers with (health's 503). */
  responseStatus?: number;
}

function firstOrJoined(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function createContextFactory(services: AppServices) {
  return ({ req, res }: { req: Request; res: Response }): Context => {
    const cookieValue = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
    return {
      services,
      em: services.orm.em.fork(),
      language: languageOf(req),
      client: { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
      sessionToken: cookieValue ? verifySignedToken(cookieValue, services.sessionSecret) : null,
      wardSelection: firstOrJoined(req.headers['x-ward']) ?? firstOrJoined(req.query?.ward),
      setCookie: (header) => {
        res.appendHeader('Set-Cookie', header);
      },
    };
  };
}
