import type { AnyRouter } from '@trpc/server';
import { normalizePath, type OpenApiMethod } from 'trpc-to-openapi';
import { appRouter } from '../routers/_app.js';
import type { Access, Meta } from '../trpc/init.js';
import { listProcedures } from '../trpc/list-procedures.js';
import { usesSelectedWard } from '../trpc/procedures.js';

/** One procedure as the REST face serves it. */
export interface RestOperation {
  /** The tRPC path, such as `auth.login`. */
  procedure: string;
  method: OpenApiMethod;
  /** As the document keys it, such as `/api/invites/{id}`. */
  path: string;
  meta: Meta;
  /** From the procedure builder; undefined only for a procedure built outside `procedures.ts`. */
  access: Access | undefined;
  wardScoped: boolean;
}

const SIGNED_IN: ReadonlySet<Access> = new Set(['signedIn', 'authed', 'manager', 'superAdmin']);

/** Whether the procedure needs a live session (the `nobat_sid` cookie). */
export function isSignedIn(access: Access | undefined): boolean {
  return access !== undefined && SIGNED_IN.has(access);
}

/** Every procedure with `meta.openapi`, read from the router itself so routes added later are never missed. */
export function restOperations(router: AnyRouter = appRouter): RestOperation[] {
  return listProcedures(router).flatMap(({ path: name, meta, procedure }) => {
    if (!meta?.openapi || meta.openapi.enabled === false) return [];
    return [
      {
        procedure: name,
        method: meta.openapi.method,
        path: normalizePath(meta.openapi.path),
        meta,
        access: meta.access,
        wardScoped: usesSelectedWard(procedure),
      },
    ];
  });
}
