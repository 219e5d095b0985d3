import { z } from 'zod';
import { isPlainText, jsonNumber, UNSAFE_TEXT_MESSAGE } from '../fields.js';

const codePoints = (value: string) => [...value].length;

/** A row id (PostgreSQL integer range), as a path or query parameter: the REST face coerces it from text. */
export const ZRotaPathId = z.number().int().positive().max(2_147_483_647);

/** A row id in a JSON body: a strict JSON number. */
export const ZRotaBodyId = jsonNumber(z.number().int().positive().max(2_147_483_647));

/** The service's one date type (`shared/schemas/fields.ts`). */
export { ZIsoDate } from '../fields.js';

/** A weekday: 0 = Sunday … 6 = Saturday. */
export const ZWeekday = jsonNumber(z.number().int().min(0).max(6));

/** An integer of a JSON body between `min` and `max`. */
export function jsonInteger(min: number, max: number) {
  return jsonNumber(z.number().int().min(min).max(max));
}

/** Trimmed text of 1 to `max` characters (Unicode code points). */
export function trimmedText(max: number) {
  return z
    .string()
    .trim()
    .refine((value) => codePoints(value) >= 1, 'Must not be empty.')
    .refine((value) => codePoints(value) <= max, `Must be at most ${max} characters.`)
    .refine(isPlainText, UNSAFE_TEXT_MESSAGE)
    .meta({ description: `Trimmed; 1 to ${max} characters; no control characters, line breaks or bidirectional overrides.`, minLength: 1 });
}

/** An optional note: trimmed, up to 500 characters; blank means none. */
export const ZNote = z
  .string()
  .trim()
  .refine((value) => codePoints(value) <= 500, 'Must be at most 500 characters.')
  .refine(isPlainText, UNSAFE_TEXT_MESSAGE)
  .meta({ description: 'Trimmed; up to 500 characters; no control characters, line breaks or bidirectional overrides.' });

export const ZRotaOk = z.object({ ok: z.boolean() });

/** A boolean of a JSON body: behind a pipe, so the REST adapter's coercion leaves it strict (`"false"` stays invalid). */
export function jsonBoolean() {
  return z.boolean().pipe(z.boolean());
}
