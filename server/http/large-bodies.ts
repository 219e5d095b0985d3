import type { AnyRouter } from '@trpc/server';
import type { Request } from 'express';
import { restOperations } from '../openapi/operations.js';
import type { Meta } from '../trpc/init.js';

/**
 * Recognises requests to procedures marked `meta.largeBody`, on either face: `PUT /api/rota/coverage`
 * by method and path, `/trpc/rota.coverage.replace` by name (also inside a batch). Read from the router,
 * so marking a procedure is all a new route needs.
 */
export function largeBodyRequests(router: AnyRouter): (req: Request) => boolean {
  const rest = restOperations(router)
    .filter((operation) => operation.meta.largeBody)
    .map((operation) => ({
      method: operation.method,
      pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    }));
  const procedures = router._def.procedures as Record<string, { _def: { meta?: Meta } }>;
  const names = new Set(Object.entries(procedures).filter(([, procedure]) => procedure._def.meta?.largeBody).map(([name]) => name));
  return (req) => {
    if (req.baseUrl === '/trpc') return req.path.slice(1).split(',').some((name) => names.has(name));
    const path = req.originalUrl.split('?')[0]!;
    return rest.some((route) => route.method === req.method && route.pattern.test(path));
  };
}
