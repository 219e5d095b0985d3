import type { AnyProcedure } from '@trpc/server';

/** The parts of a zod 4 schema these checks read. */
export interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike> } };
}

/**
 * Whether a field is a plain number under optional / nullable / default wrappers: the kind the REST adapter marks
 * `coerce` in place (it must read path and query text), which then also turns tRPC's `"0x10"` into 16. A number
 * behind a pipe (`jsonNumber`) is not marked and stays strict on its own.
 */
export function isCoercedNumber(schema: ZodLike | undefined): boolean {
  for (let current = schema; current; ) {
    const { type, innerType } = current._zod.def;
    if (type === 'number') return true;
    if (type !== 'optional' && type !== 'nullable' && type !== 'default' && type !== 'prefault') return false;
    current = innerType;
  }
  return false;
}

/** Per procedure path, the top-level input fields that are such numbers. */
export function coercedNumberFields(procedures: Record<string, AnyProcedure>): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const [path, procedure] of Object.entries(procedures)) {
    const inputs = (procedure._def as unknown as { inputs: ZodLike[] }).inputs;
    const names = inputs.flatMap((input) => Object.entries(input._zod.def.shape ?? {}).flatMap(([name, schema]) => (isCoercedNumber(schema) ? [name] : [])));
    if (names.length > 0) fields.set(path, names);
  }
  return fields;
}

/** The first of `names` whose raw value is present but not a JSON number. */
export function nonNumberField(input: unknown, names: readonly string[]): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const record = input as Record<string, unknown>;
  return names.find((name) => record[name] !== undefined && record[name] !== null && typeof record[name] !== 'number');
}
