import { z } from 'zod';

/** Length as people count it: Unicode code points, so an emoji or a Persian letter is one. */
export const codePoints = (value: string) => [...value].length;

/** A row id: bounded so that no out-of-range number ever reaches the database. */
export const ZId = z.number().int().positive().max(2_147_483_647);

/** A short free-text label (a staff category or title): trimmed, at most 100 characters. */
export const ZShortText = z
  .string()
  .trim()
  .refine((value) => codePoints(value) <= 100, 'Must be at most 100 characters.');

/** Trimmed, 3 to 64 letters (any script), digits, `.`, `_`, `-`. */
export const ZUsername = z
  .string()
  .trim()
  .normalize('NFC')
  .refine((value) => codePoints(value) >= 3 && codePoints(value) <= 64, 'Must be 3 to 64 characters.')
  .refine((value) => /^[\p{L}\p{M}\p{Nd}._-]*$/u.test(value), 'May contain only letters, digits, ".", "_" and "-".')
  // For the API document, which cannot show the refinements; a limit on the untrimmed text is only given where trimming keeps it true.
  .meta({ description: 'Trimmed; 3 to 64 letters (any script), digits, ".", "_" or "-"; unique and matched by a folded form (case, look-alike letters, Arabic and Persian yeh and kaf, accents).', minLength: 3 });

/** 6 to 200 characters counted as Unicode code points; never trimmed. */
export const ZPassword = z
  .string()
  .refine((value) => codePoints(value) >= 6, 'Must be at least 6 characters.')
  .refine((value) => codePoints(value) <= 200, 'Must be at most 200 characters.')
  .meta({ description: '6 to 200 characters (Unicode code points); never trimmed.', minLength: 6, maxLength: 200 });

/** A person's, hospital's or ward's name: trimmed, 1 to 200 characters. */
export const ZName = z
  .string()
  .trim()
  .refine((value) => codePoints(value) >= 1, 'Must not be empty.')
  .refine((value) => codePoints(value) <= 200, 'Must be at most 200 characters.')
  .meta({ description: 'Trimmed; 1 to 200 characters.', minLength: 1 });

/**
 * A number field of a JSON request body. The REST adapter marks every number field of an input for
 * string coercion (meant for path and query parameters), in place, so for both faces; behind a pipe
 * the field is left alone, and `"7"`, `true` or `[5]` stay invalid.
 */
export function jsonNumber(schema: z.ZodNumber) {
  return schema.pipe(z.number());
}

/** ISO 8601 timestamp in UTC. */
export const ZTimestamp = z.iso.datetime();

export const ZOk = z.object({ ok: z.boolean() });
export type TOk = z.infer<typeof ZOk>;
