import { experimental_standaloneMiddleware } from '@trpc/server';
import { AppError } from '../app-error.js';
import type { IUser } from '../db/entities/user.js';
import { findLiveSession } from '../services/sessions/find-live-session.js';
import { touchSession } from '../services/sessions/touch-session.js';
import { selectWard } from '../services/wards/select-ward.js';
import type { Context } from './context.js';
import { procedure } from './init.js';

/** Anyone. */
export const publicProcedure = procedure;

/**
 * A live session. The password-change gate does not apply: only `me`, the password change
 * and logout are built on this; everything else uses `authedProcedure`.
 */
export const signedInProcedure = procedure.use(async function requireSession({ ctx, next }) {
  if (!ctx.sessionToken) throw new AppError('unauthenticated');
  const now = ctx.services.clock.now();
  const session = await findLiveSession(ctx.em, ctx.sessionToken, now);
  if (!session) throw new AppError('unauthenticated');
  if (!session.user.active) throw new AppError('account_inactive');
  await touchSession(ctx.em, session, now);
  return next({ ctx: { session, user: session.user } });
});

/** A live session whose account has no pending password change. */
export const authedProcedure = signedInProcedure.use(function requirePasswordChanged({ ctx, next }) {
  if (ctx.user.mustChangePassword) throw new AppError('must_change_password');
  return next();
});

export const managerProcedure = authedProcedure.use(function requireManager({ ctx, next }) {
  if (ctx.user.role !== 'manager') throw new AppError('forbidden');
  return next();
});

export const superAdminProcedure = managerProcedure.use(function requireSuperAdmin({ ctx, next }) {
  if (!ctx.user.isSuperAdmin) throw new AppError('forbidden');
  return next();
});

/** Adds `ctx.ward`: the selected ward (`X-Ward`, `?ward=`, else home), checked against the user. */
export const withSelectedWard = experimental_standaloneMiddleware<{
  ctx: Pick<Context, 'em' | 'wardSelection'> & { user: IUser };
}>().create(async function selectedWard({ ctx, next }) {
  return next({ ctx: { ward: await selectWard(ctx.em, ctx.user, ctx.wardSelection) } });
});
