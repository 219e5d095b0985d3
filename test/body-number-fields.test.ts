import { describe, expect, it } from '@jest/globals';
import { appRouter } from '../server/routers/_app.js';
import { listProcedures } from '../server/trpc/list-procedures.js';
import type { Meta } from '../server/trpc/init.js';

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike>; element?: ZodLike } };
}

/** The schema under optional / nullable / default wrappers. */
function unwrap(schema: ZodLike): ZodLike {
  const { type, innerType } = schema._zod.def;
  return ['optional', 'nullable', 'default', 'prefault'].includes(type) && innerType ? unwrap(innerType) : schema;
}

/** Every number or boolean field of a body schema, as dotted paths, nested objects and array elements included. */
function coercibleFields(schema: ZodLike, path: string, skip: Set<string | undefined>): string[] {
  const def = unwrap(schema)._zod.def;
  if (def.type === 'number' || def.type === 'boolean') return [path];
  if (def.type === 'array' && def.element) return coercibleFields(def.element, `${path}[]`, new Set());
  if (def.type !== 'object') return [];
  return Object.entries(def.shape ?? {})
    .filter(([field]) => !skip.has(field))
    .flatMap(([field, inner]) => coercibleFields(inner, `${path}.${field}`, new Set()));
}

/**
 * trpc-to-openapi marks every number or boolean field of an input for string coercion, in place, for both
 * faces, so a JSON body field must sit behind `jsonNumber()` (a pipe) or `"7"` and `true` pass as numbers.
 * Path parameters are strings and need the coercion. Walks the router, so a route added later is checked.
 */
describe('number and boolean fields of request bodies', () => {
  const procedures = listProcedures(appRouter)
    .filter(({ meta }) => meta?.openapi && meta.openapi.method !== 'GET')
    .map(({ path, procedure }) => [path, procedure as unknown as { _def: { meta?: Meta; inputs: ZodLike[] } }] as const);

  it('has routes with bodies to check', () => {
    expect(procedures.length).toBeGreaterThan(5);
  });

  it('are strict JSON numbers everywhere but in path parameters', () => {
    const coercible: string[] = [];
    for (const [path, procedure] of procedures) {
      const pathParameters = new Set([...procedure._def.meta!.openapi!.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      for (const input of procedure._def.inputs) coercible.push(...coercibleFields(input, path, pathParameters));
    }
    expect(coercible).toEqual([]);
  });

  it('would catch a plain number field, also inside a nested object or an array (the check itself works)', async () => {
    const { z } = await import('zod');
    const { jsonNumber } = await import('../shared/schemas/fields.js');
    const nested = z.object({ id: z.number(), rule: z.object({ weights: z.array(z.object({ value: z.number().optional() })), on: z.boolean() }) });
    expect(coercibleFields(nested as unknown as ZodLike, 'x', new Set(['id']))).toEqual(['x.rule.weights[].value', 'x.rule.on']);
    const strict = z.object({ rule: z.object({ value: jsonNumber(z.number()) }) });
    expect(coercibleFields(strict as unknown as ZodLike, 'x', new Set())).toEqual([]);
    expect(unwrap(z.number().optional() as unknown as ZodLike)._zod.def.type).toBe('number');
    expect(unwrap(jsonNumber(z.number()).default(7) as unknown as ZodLike)._zod.def.type).toBe('pipe');
  });
});
