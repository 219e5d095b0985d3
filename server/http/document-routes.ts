import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import express, { type ErrorRequestHandler, type Request, type Router } from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AppError } from '../app-error.js';
import { restOperations, type RestOperation } from '../openapi/operations.js';
import { PRINT_FONT_PATH } from '../render/roster-page.js';
import type { Context } from '../trpc/context.js';
import { createCallerFactory } from '../trpc/init.js';
import { toAppError } from '../trpc/to-app-error.js';
import { sendError } from './send-error.js';

// Vazirmatn's variable woff2 (every weight in one file), served from the package so the printed roster needs no outside network.
const VAZIRMATN_FONT = join(dirname(createRequire(import.meta.url).resolve('vazirmatn/package.json')), 'fonts', 'webfonts', 'Vazirmatn[wght].woff2');

/** `/api/x/{id}/export.csv` → express's `/api/x/:id/export.csv`. */
function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The procedure's input from path and query: text where the schema wants text, a number where it wants one. */
function inputOf(procedure: AnyProcedure, req: Request): Record<string, unknown> {
  const schema = (procedure._def as unknown as { inputs: { shape?: Record<string, { def?: { type?: string } }> }[] }).inputs[0];
  const raw: Record<string, unknown> = { ...(req.query as Record<string, unknown>), ...req.params };
  delete raw.ward;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const wantsNumber = schema?.shape?.[key]?.def?.type === 'number';
    input[key] = wantsNumber && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return input;
}

/**
 * The REST face of procedures whose output is a document rather than JSON (`meta.produces`: CSV, HTML,
 * iCalendar), which trpc-to-openapi can only answer as JSON. Each is called through a tRPC caller with the
 * request's own context, so that sign-in, the password gate, the ward selection, input validation and the
 * error table are exactly those of every other route; the output string is sent with its content type.
 * Mounted before the REST adapter, which therefore never sees these paths.
 */
export function documentRoutes(router: AnyRouter, createContext: (options: { req: Request; res: express.Response }) => Context, onInternal: (error: unknown, path: string) => void): Router {
  const routes = express.Router({ strict: true });
  const createCaller = createCallerFactory(router);
  const procedures = router._def.procedures as Record<string, AnyProcedure>;

  routes.get(PRINT_FONT_PATH, (_req, res, next) => {
    res.sendFile(VAZIRMATN_FONT, { maxAge: '7d', immutable: true, headers: { 'Content-Type': 'font/woff2' } }, (error) => error && next(error));
  });

  const operations = restOperations(router).filter((operation): operation is RestOperation & { meta: { produces: NonNullable<RestOperation['meta']['produces']> } } =>
    Boolean(operation.meta.produces),
  );
  for (const operation of operations) {
    if (operation.method !== 'GET') throw new Error(`${operation.procedure}: only GET routes may answer a document`);
    const { contentType, headers = {} } = operation.meta.produces;
    routes.get(expressPath(operation.path), async (req, res) => {
      const ctx = createContext({ req, res });
      try {
        const caller = createCaller(ctx) as unknown as Record<string, unknown>;
        const call = operation.procedure.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<string>;
        const body = await call(inputOf(procedures[operation.procedure]!, req));
        res.status(200).set(headers).set('X-Content-Type-Options', 'nosniff').type(contentType).send(body);
      } catch (error) {
        const appError = error instanceof TRPCError ? toAppError(error) : error instanceof AppError ? error : new AppError('internal', { cause: error });
        if (appError.code === 'internal' || appError.code === 'service_unavailable') onInternal(appError.cause ?? error, operation.procedure);
        sendError(req, res, appError);
      }
    });
  }

  // A malformed `%` escape in a path parameter: no such resource.
  const malformedPath: ErrorRequestHandler = (error, req, res, next) => (error instanceof URIError ? sendError(req, res, new AppError('not_found')) : next(error));
  routes.use(malformedPath);
  return routes;
}
