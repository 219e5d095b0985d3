import type { IUser } from '../../db/entities/user.js';
import type { ServiceContext } from '../../services/service-context.js';
import type { Context } from '../../trpc/context.js';

/** The ServiceContext of a signed-in call: now by the service's clock, the caller, their address. */
export function serviceContext(ctx: Pick<Context, 'services' | 'client'> & { user: IUser }): ServiceContext {
  return { now: ctx.services.clock.now(), actor: ctx.user, client: ctx.client };
}
