import type { EntityManager } from '@mikro-orm/postgresql';
import type { PublicServiceContext, ServiceDeps } from '../service-context.js';
import { createSession } from './create-session.js';
import { revokeSessions } from './revoke-sessions.js';
import { tokenHash } from './tokens.js';

/** A call that ends signed in: the session cookie it came with, if any, is the one replaced. */
export interface SessionStartContext extends PublicServiceContext, Pick<ServiceDeps, 'config'> {
  presentedToken: string | null;
}

/**
 * Starts a session for `userId` and revokes the one presented with the request: sign-in, first-run setup
 * and accepting an invitation all end here. Run it inside the caller's transaction; the caller's flush
 * stores the session. Returns the new session's token, for the cookie.
 */
export async function startSession(em: EntityManager, input: { userId: number }, ctx: SessionStartContext): Promise<string> {
  if (ctx.presentedToken) await revokeSessions(em, { tokenHash: tokenHash(ctx.presentedToken) }, ctx.now);
  return createSession(em, input.userId, ctx.client, ctx.now, ctx.config.sessionTtlSeconds).token;
}
