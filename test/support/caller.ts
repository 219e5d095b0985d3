import { appRouter } from '../../server/routers/_app.js';
import { createSession } from '../../server/services/sessions/create-session.js';
import type { Context } from '../../server/trpc/context.js';
import { createCallerFactory } from '../../server/trpc/init.js';
import type { TestServer } from './test-server.js';

export interface CallerOptions {
  /** As `X-Ward` would carry it. */
  wardSelection?: string;
  ip?: string;
}

const createCaller = createCallerFactory(appRouter);

/**
 * Calls procedures in-process as `userId`, through a real session of theirs, with a fresh
 * request-scoped EntityManager for every call, as a request would have.
 */
export async function callerFor(server: TestServer, userId: number, options: CallerOptions = {}) {
  const em = server.em();
  const { session, token } = createSession(em, userId, { ip: options.ip ?? '10.0.0.1', userAgent: 'caller' }, server.clock.now(), server.config.sessionTtlSeconds);
  await em.flush();
  const context = (): Context => ({
    services: server.services,
    em: server.orm.em.fork(),
    language: 'en',
    client: { ip: options.ip ?? '10.0.0.1', userAgent: 'caller' },
    sessionToken: token,
    wardSelection: options.wardSelection,
    setCookie: () => {},
  });
  return { caller: createCaller(context), sessionId: session.id };
}
