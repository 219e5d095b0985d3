import type { IUser } from '../db/entities/user.js';
import type { PublicServiceContext, ServiceContext, ServiceDeps } from '../services/service-context.js';
import type { SessionStartContext } from '../services/sessions/start-session.js';
import type { Context } from './context.js';

/** What a service is told of a call nobody is signed in to: the moment, the client and the process's parts. */
export function publicServiceContext(ctx: Context): PublicServiceContext & ServiceDeps {
  const { clock, hasher, config } = ctx.services;
  return { now: clock.now(), client: ctx.client, hasher, config };
}

/** The same for a call that ends in a new session: the session presented with it is replaced. */
export function sessionStartContext(ctx: Context): SessionStartContext & ServiceDeps {
  return { ...publicServiceContext(ctx), presentedToken: ctx.sessionToken };
}

/** What a service is told of a signed-in call: the signed-in user acts. */
export function serviceContext(ctx: Context & { user: IUser }): ServiceContext & ServiceDeps {
  return { ...publicServiceContext(ctx), actor: ctx.user };
}
