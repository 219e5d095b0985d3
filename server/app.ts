import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { documentRoutes } from './http/document-routes.js';
import { documentsRouter } from './http/documents.js';
import { errorHandler, noStore, notFound, parseJsonBodyWithin, requireJsonContentType } from './http/guards.js';
import { largeBodyRequests } from './http/large-bodies.js';
import { loggableError, loggableUrl } from './http/log-safe.js';
import { restErrorBodies } from './http/rest-error-bodies.js';
import { appRouter } from './routers/_app.js';
import { createContextFactory, type AppServices } from './trpc/context.js';
import type { Meta } from './trpc/init.js';
import { errorResponseMeta, restResponseMeta } from './trpc/response-meta.js';
import { toAppError } from './trpc/to-app-error.js';

function metaByPath(): Map<string, Meta | undefined> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
  return new Map(Object.entries(procedures).map(([path, procedure]) => [path, procedure._def.meta]));
}

export function createApp(services: AppServices): Express {
  const { logger } = services;
  const createContext = createContextFactory(services);
  const logInternal = (error: unknown, path?: string) => logger.error({ err: loggableError(error), path }, 'unexpected failure');
  const onError = ({ error, path }: { error: Parameters<typeof toAppError>[0]; path?: string | undefined }) => {
    const appError = toAppError(error);
    if (appError.code === 'internal' || appError.code === 'service_unavailable') logInternal(error.cause ?? error, path);
  };

  const app = express();
  app.disable('x-powered-by');
  // One hop: the address our own proxy saw (the last X-Forwarded-For entry). Entries before it come
  // from the client and could be chosen freely to escape the sign-in limit.
  app.set('trust proxy', services.config.trustProxy ? 1 : false);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Method, redacted path and status only: no headers, so no cookie ever reaches a log line.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(['/api', '/trpc'], noStore, requireJsonContentType, parseJsonBodyWithin(largeBodyRequests(appRouter)));
  // Before the REST adapter, which never passes a request on.
  app.use(documentsRouter(services.config.publicUrl));
  // CSV, HTML and iCalendar answers: procedures the REST adapter could only answer as JSON.
  app.use(documentRoutes(appRouter, createContext, logInternal));

  app.use('/trpc', createExpressMiddleware({ router: appRouter, createContext, onError, responseMeta: errorResponseMeta }));
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
      createContext,
      onError,
      responseMeta: restResponseMeta(metaByPath()),
    }),
  );
  app.use(notFound);
  app.use(errorHandler((error) => logInternal(error)));
  return app;
}
