// The floor of the service's stack: one route done the plainest way (plain pg, no ORM) as one tRPC procedure with the
// service's own schemas, served at its REST path by trpc-to-openapi under express, with nothing else: no logging,
// guards, unit of work or throttle. What the stack itself costs a request, in time and in memory.
//   me     GET /api/me: the floor server's lookup (see me-lookup.ts).
//   login  POST /api/auth/login: the user by username, argon2.verify of the password, one session row, the cookie.
//          No guess limit, no audit row, no device cookie: the least any sign-in does.
//   login-guarded  the same with the service's own two statements around the hash: the guess claimed against the
//          limits before it is verified (with the account read by the claim), then the session and the audit record
//          written in one statement. What a sign-in that keeps the guess limit and the audit trail does at the least,
//          with no ORM, request log, guards or device cookie.
// Usage: node bench/yardsticks/stack-floor.ts me|login|login-guarded (after `npm run build`: the schemas come from dist/)
// Environment: DATABASE_URL, SESSION_SECRET. Prints "listening on http://…".
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { initTRPC, TRPCError } from '@trpc/server';
import express from 'express';
import { createOpenApiExpressMiddleware, type OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { meLookup, publicUserOf, yardstickPool } from './me-lookup.ts';

const mode = process.argv[2] ?? 'me';
if (mode !== 'me' && mode !== 'login' && mode !== 'login-guarded') {
  console.error('usage: stack-floor.ts me|login|login-guarded');
  process.exit(2);
}

const dist = (path: string) => import(new URL(`../../dist/${path}`, import.meta.url).href);
const secret = process.env.SESSION_SECRET ?? '';
const pool = yardstickPool();

interface Context {
  cookie: string | undefined;
  client: { ip: string | null; userAgent: string | null };
  setCookie(value: string): void;
}
const t = initTRPC.context<Context>().meta<OpenApiMeta>().create();

async function meRouter() {
  const { ZMeResponse } = (await dist('shared/schemas/me.js')) as { ZMeResponse: z.ZodType };
  const lookup = meLookup(pool, secret, process.env.APP_TIMEZONE ?? 'Asia/Tehran');
  return t.router({
    me: t.procedure
      .meta({ openapi: { method: 'GET', path: '/api/me' } })
      .input(z.void())
      .output(ZMeResponse)
      .query(async ({ ctx }) => {
        const { status, body } = await lookup(ctx.cookie);
        if (status !== 200) throw new TRPCError({ code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' });
        return body;
      }),
  });
}

interface Credentials {
  username: string;
  password: string;
}
/** A sign-in's work: answers the account's row, or throws; sets the session cookie through the context. */
type SignIn = (ctx: Context, input: Credentials) => Promise<Record<string, unknown>>;

/** `POST /api/auth/login` with the service's schemas around a sign-in. */
async function signInRouter(signIn: SignIn) {
  const { ZLoginRequest } = (await dist('shared/schemas/auth.js')) as { ZLoginRequest: z.ZodType<Credentials> };
  const { ZUserEnvelope } = (await dist('shared/schemas/user.js')) as { ZUserEnvelope: z.ZodType };
  return t.router({
    login: t.procedure
      .meta({ openapi: { method: 'POST', path: '/api/auth/login' } })
      .input(ZLoginRequest)
      .output(ZUserEnvelope)
      .mutation(async ({ ctx, input }) => ({ user: publicUserOf(await signIn(ctx, input)) })),
  });
}

/** What both sign-ins take from argon2 and the service: loaded only in their modes, so `me` stays the bare stack. */
async function signInParts() {
  const { default: argon2 } = await import('argon2');
  const { usernameKey } = (await dist('server/services/accounts/username-key.js')) as { usernameKey(username: string): string };
  // The session token as the service makes, keeps and signs it.
  const tokens = (await dist('server/services/sessions/tokens.js')) as {
    randomToken(): string;
    tokenHash(token: string): string;
    signToken(token: string, secret: string): string;
  };
  return { argon2, usernameKey, ...tokens };
}

/** The least any sign-in does: the user by username, the hash, one session row, the cookie. */
async function plainSignIn(): Promise<SignIn> {
  const { argon2, usernameKey, randomToken, tokenHash, signToken } = await signInParts();
  const ttlSeconds = 60 * 60 * 24 * 7;
  return async (ctx, input) => {
    const { rows } = await pool.query('select * from app_user where username_key = $1', [usernameKey(input.username)]);
    const row = rows[0];
    if (!row || !row.active || !(await argon2.verify(row.password_hash, input.password))) {
      throw new TRPCError({ code: 'UNAUTHORIZED' });
    }
    const token = randomToken();
    const now = new Date();
    await pool.query(
      `insert into session (id, token_hash, user_id, created_at, expires_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $4)`,
      [randomUUID(), tokenHash(token), row.id, now, new Date(now.getTime() + ttlSeconds * 1000)],
    );
    ctx.setCookie(`nobat_sid=${signToken(token, secret)}; Max-Age=${ttlSeconds}; Path=/; HttpOnly; SameSite=Lax`);
    return row;
  };
}

/** A statement written for MikroORM (`?` placeholders) as pg takes it (`$1`, `$2`, …). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

type AccountRow = { id: number; active: boolean; password_hash: string } & Record<string, unknown>;

/** The service's own two statements around the hash: the guess claimed first, then the session and the audit record. */
async function guardedSignIn(): Promise<SignIn> {
  const { argon2, usernameKey, signToken } = await signInParts();
  const { loadConfig } = await dist('server/config.js');
  const { CLAIM_WITH_ACCOUNT, claimParameters, throttleSettings } = await dist('server/services/auth/login-throttle.js');
  const { FINISH_SIGN_IN, finishSignInParameters } = await dist('server/services/auth/login.js');
  const { newSession } = await dist('server/services/sessions/create-session.js');
  const config = loadConfig({ ...process.env, LOGIN_MAX_FAILURES: '5' });
  const throttle = throttleSettings(config);
  const claimSql = numbered(CLAIM_WITH_ACCOUNT);
  const finishSql = numbered(FINISH_SIGN_IN);
  return async (ctx, input) => {
    const now = new Date();
    const guess = { usernameKey: usernameKey(input.username), ip: ctx.client.ip, exemptFromAddressLimit: false };
    // As the service does: while the checks in flight hold every slot, wait for one to settle and claim again.
    let claimed: { claim_id: number | null; refused_by: string | null; account: AccountRow | null };
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      claimed = (await pool.query(claimSql, claimParameters([guess.usernameKey], guess, now, throttle))).rows[0];
      if (claimed.claim_id !== null || claimed.refused_by !== null) break;
      await sleep(pause);
    }
    const { claim_id: claim, account } = claimed;
    // The benchmark signs in with the right password and stays under the limit: anything else is not measured.
    if (claim === null || !account || !account.active || !(await argon2.verify(account.password_hash, input.password))) {
      throw new Error('the guarded sign-in measures right passwords only');
    }
    const { token, row: session } = newSession(ctx.client, now, config.sessionTtlSeconds);
    const user = { id: account.id, passwordHash: account.password_hash };
    const end = { user, claim, guess, username: input.username, session, presentedHash: null, client: ctx.client, now };
    const { rows } = await pool.query(finishSql, finishSignInParameters(end));
    if (!rows[0].signed_in) throw new TRPCError({ code: 'UNAUTHORIZED' });
    ctx.setCookie(`nobat_sid=${signToken(token, secret)}; Max-Age=${config.sessionTtlSeconds}; Path=/; HttpOnly; SameSite=Lax`);
    return account;
  };
}

const router = mode === 'me' ? await meRouter() : await signInRouter(await (mode === 'login' ? plainSignIn() : guardedSignIn()));
const app = express();
app.disable('x-powered-by');
app.use((_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
});
app.use(
  createOpenApiExpressMiddleware({
    router,
    createContext: ({ req, res }) => ({
      cookie: req.headers.cookie,
      client: { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
      setCookie: (value: string) => res.appendHeader('Set-Cookie', value),
    }),
  }),
);

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});

const stop = () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
