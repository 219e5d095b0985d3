// The floor of the service's stack: the floor server's GET /api/me (see me-lookup.ts) as one tRPC procedure with the
// service's own output schema, served at its REST path by trpc-to-openapi under express, with nothing else: no
// logging, guards, unit of work or session machinery. What the stack itself costs a request, in time and in memory.
// Usage: node bench/yardsticks/stack-floor.ts (after `npm run build`: the schema comes from dist/)
// Environment: DATABASE_URL, SESSION_SECRET. Prints "listening on http://…".
import { initTRPC, TRPCError } from '@trpc/server';
import express from 'express';
import pg from 'pg';
import { createOpenApiExpressMiddleware, type OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { meLookup } from './me-lookup.ts';

const { ZMeResponse } = (await import(new URL('../../dist/shared/schemas/me.js', import.meta.url).href)) as {
  ZMeResponse: z.ZodType;
};

// The same pool size as the service's ORM, so neither side gets more database connections.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const lookup = meLookup(pool, process.env.SESSION_SECRET ?? '', process.env.APP_TIMEZONE ?? 'Asia/Tehran');

const t = initTRPC.context<{ cookie: string | undefined }>().meta<OpenApiMeta>().create();
const router = t.router({
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

const app = express();
app.disable('x-powered-by');
app.use((_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
});
app.use(createOpenApiExpressMiddleware({ router, createContext: ({ req }) => ({ cookie: req.headers.cookie }) }));

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
