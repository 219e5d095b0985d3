import { describe, expect, it } from '@jest/globals';
import { appRouter } from '../server/routers/_app.js';
import type { Meta } from '../server/trpc/init.js';

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike> } };
}

/** The schema under optional / nullable / default wrappers. */
function unwrap(schema: ZodLike): ZodLike {
  const { type, innerType } = schema._zod.def;
  return ['optional', 'nullable', 'default', 'prefault'].includes(type) && innerType ? unwrap(innerType) : schema;
}

/**
 * trpc-to-openapi marks every number or boolean field of an input for string coercion, in place, for both
 * faces, so a JSON body field must sit behind `jsonNumber()` (a pipe) or `"7"` and `true` pass as numbers.
 * Path parameters are strings and need the coercion. Walks the router, so a route added later is checked.
 */
describe('number and boolean fields of request bodies', () => {
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta; inputs: ZodLike[] } }>,
  ).filter(([, p]) => p._def.meta?.openapi && p._def.meta.openapi.method !== 'GET');

  it('has routes with bodies to check', () => {
    expect(procedures.length).toBeGreaterThan(5);
  });

  it('are strict JSON numbers everywhere but in path parameters', () => {
    const coercible: string[] = [];
    for (const [path, procedure] of procedures) {
      const pathParameters = new Set([...procedure._def.meta!.openapi!.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      for (const input of procedure._def.inputs) {
        const shape = unwrap(input)._zod.def.shape ?? {};
        for (const [field, schema] of Object.entries(shape)) {
          const type = unwrap(schema)._zod.def.type;
          if ((type === 'number' || type === 'boolean') && !pathParameters.has(field)) coercible.push(`${path}.${field}`);
        }
      }
    }
    expect(coercible).toEqual([]);
  });

  it('would catch a plain number field (the check itself works)', async () => {
    const { z } = await import('zod');
    const { jsonNumber } = await import('../shared/schemas/fields.js');
    expect(unwrap(z.number().optional() as unknown as ZodLike)._zod.def.type).toBe('number');
    expect(unwrap(jsonNumber(z.number()).default(7) as unknown as ZodLike)._zod.def.type).toBe('pipe');
  });
});
