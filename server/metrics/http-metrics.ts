import type { RequestHandler } from 'express';
import type { AnyRouter } from '@trpc/server';
import { listProcedures } from '../trpc/list-procedures.js';
import type { Metrics } from './metrics.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Paths the express app serves itself, beside the procedures' own. */
export interface RouteTemplateSources {
  /** Templates such as `/api/rota/schedules/{id}/solve` (the REST face's, from the API document). */
  templates: string[];
  /** tRPC procedure paths such as `auth.login`. */
  procedures: string[];
}

/**
 * Turns a request path into the route template it matched, so that a label never holds an id, a token or a
 * made-up path: `/api/rota/schedules/12/solve` → `/api/rota/schedules/{id}/solve`, `/trpc/auth.login` as is, a
 * tRPC batch of several calls → `/trpc/(batch)`, anything unknown → `(unmatched)`.
 */
export function routeTemplateMatcher(sources: RouteTemplateSources): (path: string) => string {
  const bySegments = new Map<number, { template: string; segments: (string | null)[] }[]>();
  for (const template of sources.templates) {
    const segments = template.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? null : segment));
    const list = bySegments.get(segments.length) ?? [];
    list.push({ template, segments });
    bySegments.set(segments.length, list);
  }
  // Fixed templates first, so `/api/rota/holidays/{date}` never shadows a fixed path of as many segments.
  for (const list of bySegments.values()) list.sort((a, b) => a.segments.filter((s) => s === null).length - b.segments.filter((s) => s === null).length);
  const procedures = new Set(sources.procedures);

  return (path) => {
    if (path.startsWith('/trpc/')) {
      const names = path.slice('/trpc/'.length);
      if (procedures.has(names)) return path;
      return names.split(',').every((name) => procedures.has(name)) ? '/trpc/(batch)' : '(unmatched)';
    }
    const parts = path.split('/');
    for (const { template, segments } of bySegments.get(parts.length) ?? []) {
      if (segments.every((segment, i) => segment === null ? parts[i] !== '' : segment === parts[i])) return template;
    }
    return '(unmatched)';
  };
}

/** The templates of every procedure of `router` and of the app's own document routes. */
export function routeTemplateSources(router: AnyRouter, documentPaths: string[]): RouteTemplateSources {
  const listed = listProcedures(router);
  const templates = listed.flatMap(({ meta }) => (meta?.openapi ? [meta.openapi.path] : []));
  return { templates: [...new Set([...templates, ...documentPaths])], procedures: listed.map(({ path }) => path) };
}

/** Counts and times every request by its route template, method and status, once its answer has gone out (or the client left). */
export function httpMetrics(metrics: Metrics, templateOf: (path: string) => string): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    const path = req.path;
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequest(templateOf(path), method, res.statusCode, seconds);
    });
    next();
  };
}
