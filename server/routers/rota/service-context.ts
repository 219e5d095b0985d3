import type { IUser } from '../../db/entities/user.js';
import type { ServiceContext, ServiceDeps } from '../../services/service-context.js';
import type { Context } from '../../trpc/context.js';

/**
 * Who calls, when and from where: the ServiceContext of a signed-in call (now by the service's clock, the caller,
 * their address), without the process's parts that `serviceContext` of `server/trpc/service-context.ts` adds for the
 * services that need them (the hasher, the settings).
 */
export function callerContext(ctx: Pick<Context, 'services' | 'client'> & { user: IUser }): ServiceContext {
  return { now: ctx.services.clock.now(), actor: ctx.user, client: ctx.client };
}

/** The ServiceContext and the settings, for use cases that need the hospital's day (APP_TIMEZONE). */
export function serviceContextWithConfig(ctx: Pick<Context, 'services' | 'client'> & { user: IUser }): ServiceContext & Pick<ServiceDeps, 'config'> {
  return { ...callerContext(ctx), config: ctx.services.config };
}
