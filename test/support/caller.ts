import { appRouter } from '../../server/routers/_app.js';
import { createSession } from '../../server/services/sessions/create-session.js';
import { createContextInner } from '../../server/trpc/context.js';
import { createCallerFactory } from '../../server/trpc/init.js';
import type { TestServer } from './test-server.js';

export interface CallerOptions {
  /** As `X-Ward` would carry it. */
  wardSelection?: string;
  ip?: string;
}

const createCaller = createCallerFactory(appRouter);

/**
 * Calls procedures in-process as `userId`, through a real session of theirs; each call gets its own
 * request-scoped EntityManager, as a request would have.
 */
export async function callerFor(server: TestServer, userId: number, options: CallerOptions = {}) {
  const em = server.em();
  const client = { ip: options.ip ?? '10.0.0.1', userAgent: 'caller' };
  const { session, token } = createSession(em, userId, client, server.clock.now(), server.config.sessionTtlSeconds);
  await em.flush();
  const context = () =>
    createContextInner({ services: server.services, language: 'en', client, sessionToken: token, wardSelection: options.wardSelection });
  return { caller: createCaller(context), sessionId: session.id };
}
