import type { z } from 'zod';

/** Kept answers, and the response schema each was validated against (see `validateOnce`). */
const validatedBy = new WeakMap<object, z.ZodType>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
}

/**
 * An answer that is kept and handed out again, validated by its response schema once: the schema's own output
 * (unknown keys stripped), frozen so that no caller can change what the next one is given, and known as valid, so
 * that the procedure's output check (`outputValidatedOnce` in server/trpc) lets it through as it is.
 */
export async function validateOnce<S extends z.ZodType>(schema: S, answer: z.input<S>): Promise<z.output<S>> {
  const valid = schema.parse(answer);
  // Checking and freezing the largest schedule's answer are two pieces of work: what the event loop has ready goes between.
  await new Promise((resolve) => setImmediate(resolve));
  deepFreeze(valid);
  if (typeof valid === 'object' && valid !== null) validatedBy.set(valid, schema);
  return valid;
}

/** Whether `value` is an answer `validateOnce` validated against exactly this schema. */
export function isValidatedBy(value: unknown, schema: z.ZodType): boolean {
  return typeof value === 'object' && value !== null && validatedBy.get(value) === schema;
}
