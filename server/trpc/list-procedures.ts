import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { Meta } from './init.js';

/** One procedure of a router, with what the app, the API document and the tests read of it. */
export interface ListedProcedure {
  /** The tRPC path, such as `auth.login`. */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: Meta | undefined;
  procedure: AnyProcedure;
}

/**
 * Every procedure of `router`, read from the router itself: whatever walks the routes (the REST status
 * table, the API document, the tests of every rule) sees a route added later without being told.
 */
export function listProcedures(router: AnyRouter): ListedProcedure[] {
  // The built router keeps its flattened procedures in `_def.procedures`.
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    meta: procedure._def.meta as Meta | undefined,
    procedure,
  }));
}
