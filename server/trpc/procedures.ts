import { experimental_standaloneMiddleware, type AnyProcedure } from '@trpc/server';
import { AppError } from '../app-error.js';
import type { IUser } from '../db/entities/user.js';
import { findLiveSession } from '../services/sessions/find-live-session.js';
import { touchSession } from '../services/sessions/touch-session.js';
import { selectWard } from '../services/wards/select-ward.js';
import type { CallContext, Context } from './context.js';
import { procedure } from './init.js';

// Each builder names its access level in meta; tRPC merges a route's own `.meta()` over it (shallowly),
// so the API document knows who may call every procedure without the route saying it again.

/** Anyone. */
export const publicProcedure = procedure.meta({ access: 'public' });

/**
 * A live session. The password-change gate does not apply: only `me`, the password change
 * and logout are built on this; everything else uses `authedProcedure`.
 */
export const gateExemptProcedure = procedure.meta({ access: 'signedIn' }).use(async function requireSession({ ctx, meta, next }) {
  if (!ctx.sessionToken) throw new AppError('unauthenticated');
  const work = ctx.services.accountWork;
  // A large answer asked for again on a session whose account still owes answer cells costs next to nothing: refused
  // before the session's lane and lookup, and answered only once the debt is repaid (at most a second later).
  if (meta?.largeAnswer) await work.refuseSessionWhileOwing(ctx.sessionToken);
  // The call takes a turn in its session's lane before it touches the database, then in its account's: one
  // account's flood waits on itself (or is 429), not in the connection pool's queue ahead of everyone else.
  const leaveSession = await work.enterSession(ctx.sessionToken);
  try {
    const now = ctx.services.clock.now();
    const session = await findLiveSession(ctx.em, ctx.sessionToken, now);
    if (!session) throw new AppError('unauthenticated');
    if (!session.user.active) throw new AppError('account_inactive');
    await touchSession(ctx.em, session, now);
    const leave = await work.enter(session.user.id);
    try {
      return await next({ ctx: { session, user: session.user } });
    } finally {
      leave();
    }
  } finally {
    leaveSession();
  }
});

/** A live session whose account has no pending password change. */
export const authedProcedure = gateExemptProcedure.meta({ access: 'authed' }).use(function requirePasswordChanged({ ctx, next }) {
  if (ctx.user.mustChangePassword) throw new AppError('must_change_password');
  return next();
});

export const managerProcedure = authedProcedure.meta({ access: 'manager' }).use(function requireManager({ ctx, next }) {
  if (ctx.user.role !== 'manager') throw new AppError('forbidden');
  return next();
});

export const superAdminProcedure = managerProcedure.meta({ access: 'superAdmin' }).use(function requireSuperAdmin({ ctx, next }) {
  if (!ctx.user.isSuperAdmin) throw new AppError('forbidden');
  return next();
});

/** Adds `ctx.ward`: the selected ward (`X-Ward`, `?ward=`, else home), checked against the user. */
export const withSelectedWard = experimental_standaloneMiddleware<{
  ctx: Pick<CallContext, 'em' | 'wardSelection'> & { user: IUser };
}>().create(async function selectedWard({ ctx, next }) {
  return next({ ctx: { ward: await selectWard(ctx.em, ctx.user, ctx.wardSelection) } });
});

/**
 * For a procedure whose answer may be a whole roster: the answer takes `cells(answer)` roster cells (people × days)
 * from its account's allowance (`ACCOUNT_ANSWER_CELLS`, server/trpc/account-work.ts). While the allowance is used
 * up, the call answers 429 `too_many_requests` before doing any work.
 */
export function answerCells<T>(cells: (answer: T) => number) {
  return experimental_standaloneMiddleware<{ ctx: Pick<Context, 'services' | 'sessionToken'> & { user: IUser } }>().create(
    async function answerAllowance({ ctx, meta, next }) {
      // The session's early refusal (requireSession) reads this flag: a procedure counted here must carry it.
      if (!(meta as { largeAnswer?: boolean } | undefined)?.largeAnswer) throw new Error('a procedure with answerCells needs meta largeAnswer: true');
      const work = ctx.services.accountWork;
      const session = ctx.sessionToken!;
      work.refuseWhileAnswersUsedUp(ctx.user.id, session);
      const result = await next();
      if (result.ok) work.takeAnswerCells(ctx.user.id, cells(result.data as T), session);
      return result;
    },
  );
}

/**
 * Whether a procedure runs `withSelectedWard`. Read from its middleware chain rather than declared,
 * so a ward-scoped route cannot forget to say so (the API document adds `X-Ward` and `?ward=` from it).
 */
export function usesSelectedWard(procedure: AnyProcedure): boolean {
  // The built procedure keeps its chain in `_def.middlewares`, which its public type leaves out.
  const { middlewares } = procedure._def as unknown as { middlewares: readonly unknown[] };
  return withSelectedWard._middlewares.every((middleware) => middlewares.includes(middleware));
}
