import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { documentRoutes } from './http/document-routes.js';
import { API_CATALOG_PATH, documentsRouter } from './http/documents.js';
import {
  errorHandler,
  forwardedForAddressesOnly,
  headAsGet,
  noStore,
  notFound,
  parseJsonBodyWithin,
  refuseDeepQueryInput,
  refuseNonObjectBody,
  refuseUnknownMethods,
  refuseUnknownContentEncoding,
  requireJsonContentType,
} from './http/guards.js';
import { largeBodyRequests } from './http/large-bodies.js';
import { loggableError, loggableUrl } from './http/log-safe.js';
import { canonicalPathIds } from './http/path-ids.js';
import { restErrorBodies } from './http/rest-error-bodies.js';
import { securityHeaders } from './http/security-headers.js';
import { httpMetrics, routeTemplateMatcher, routeTemplateSources } from './metrics/http-metrics.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi/document.js';
import { PRINT_FONT_PATH } from './render/roster-page.js';
import { appRouter } from './routers/_app.js';
import type { AppServices } from './create-services.js';
import { createContextFactory } from './trpc/context.js';
import type { Meta } from './trpc/init.js';
import { listProcedures } from './trpc/list-procedures.js';
import { errorResponseMeta, restResponseMeta } from './trpc/response-meta.js';
import { toAppError } from './trpc/to-app-error.js';

/** The most calls one tRPC batch may carry; a longer batch is refused with 400 before any of them runs. */
export const MAX_BATCH_SIZE = 50;

function metaByPath(): Map<string, Meta | undefined> {
  return new Map(listProcedures(appRouter).map(({ path, meta }) => [path, meta]));
}

export function createApp(services: AppServices): Express {
  const { logger } = services;
  const createContext = createContextFactory(services, 'trpc');
  const createRestContext = createContextFactory(services, 'rest');
  const logInternal = (error: unknown, path?: string) => logger.error({ err: loggableError(error), path }, 'unexpected failure');
  const onError = ({ error, path }: { error: Parameters<typeof toAppError>[0]; path?: string | undefined }) => {
    const appError = toAppError(error);
    if (appError.code === 'internal' || appError.code === 'service_unavailable') logInternal(error.cause ?? error, path);
  };

  const app = express();
  app.disable('x-powered-by');
  // First, so that every answer is counted, the guards' refusals included.
  app.use(
    httpMetrics(
      services.metrics,
      routeTemplateMatcher(routeTemplateSources(appRouter, [OPENAPI_PATH, DOCS_PATH, `${DOCS_PATH}/{file}`, API_CATALOG_PATH, PRINT_FONT_PATH])),
    ),
  );
  // One hop: the address our own proxy saw (the last X-Forwarded-For entry). Entries before it come
  // from the client and could be chosen freely to escape the sign-in limit.
  app.set('trust proxy', services.config.trustProxy ? 1 : false);
  app.use(forwardedForAddressesOnly);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Method, redacted path and status only: no headers, so no cookie ever reaches a log line. Handed the raw
      // request and response: pino's standard serializers (which read every header) would only be thrown away.
      wrapSerializers: false,
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders);
  app.use(headAsGet);
  app.use(
    ['/api', '/trpc'],
    noStore,
    refuseUnknownMethods,
    requireJsonContentType,
    refuseUnknownContentEncoding,
    parseJsonBodyWithin(largeBodyRequests(appRouter)),
    refuseDeepQueryInput,
  );
  // Before the REST adapter, which never passes a request on.
  app.use(documentsRouter(services.config.publicUrl));
  // Path ids in plain decimal only, on the document routes and the REST adapter alike.
  app.use('/api', canonicalPathIds(), refuseNonObjectBody);
  // CSV, HTML and iCalendar answers: procedures the REST adapter could only answer as JSON.
  app.use(documentRoutes(appRouter, createRestContext, logInternal));

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext,
      onError,
      responseMeta: errorResponseMeta,
      maxBatchSize: MAX_BATCH_SIZE,
    }),
  );
  app.use(
    '/api',
    restErrorBodies,
    // Mounted at /api but matching full paths: the adapter reads `originalUrl`-less `url`, so restore it.
    (req, _res, next) => {
      req.url = req.originalUrl;
      next();
    },
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext: createRestContext,
      onError,
      responseMeta: restResponseMeta(metaByPath()),
    }),
  );
  app.use(notFound);
  app.use(errorHandler((error) => logInternal(error)));
  return app;
}
