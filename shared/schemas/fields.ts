import { z } from 'zod';

/** Length as people count it: Unicode code points, so an emoji or a Persian letter is one. */
export const codePoints = (value: string) => [...value].length;

/**
 * Characters no name or free text may hold (docs/rota.md §10): the C0 controls (TAB, LF, CR…), DEL and the C1
 * controls, the line and paragraph separators, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which reorder whatever is shown after them. Persian's zero-width non-joiner and
 * the plain direction marks (U+200C, U+200E, U+200F) stay allowed.
 */
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
export const UNSAFE_TEXT_MESSAGE = 'Must not contain control characters, line breaks or bidirectional overrides.';

/** Whether text holds none of the characters `UNSAFE_TEXT` refuses. */
export const isPlainText = (value: string) => !UNSAFE_TEXT.test(value);

/**
 * Text stored before these characters were refused, made safe to show: controls and line breaks become spaces,
 * bidirectional controls are dropped. Outputs still escape per format; this is what they escape.
 */
export function toPlainText(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu, ' ').replace(/[\u202a-\u202e\u2066-\u2069]/gu, '');
}

/** A row id: bounded so that no out-of-range number ever reaches the database. */
export const ZId = z.number().int().positive().max(2_147_483_647);

/** A short free-text label (a staff category or title): trimmed, at most 100 characters. */
export const ZShortText = z
  .string()
  .trim()
  .refine((value) => codePoints(value) <= 100, 'Must be at most 100 characters.')
  .refine(isPlainText, UNSAFE_TEXT_MESSAGE);

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
  .refine(isPlainText, UNSAFE_TEXT_MESSAGE)
  .meta({ description: 'Trimmed; 1 to 200 characters; no control characters, line breaks or bidirectional overrides.', minLength: 1 });

/**
 * A number field of a JSON request body. The REST adapter marks every number field of an input for
 * string coercion (meant for path and query parameters), in place, so for both faces; behind a pipe
 * the field is left alone, and `"7"`, `true` or `[5]` stay invalid.
 */
export function jsonNumber(schema: z.ZodNumber) {
  return schema.pipe(z.number());
}

/**
 * The calendar days the service works with (docs/rota.md §10): 1900-01-01 to 2199-12-31. Years before 1900 and
 * after 2199 plan no ward's rota, and are where calendars go wrong (JavaScript's `Date.UTC` reads years 0 to 99 as
 * 1900 to 1999, PostgreSQL has no year 0, an event on 9999-12-31 ends in year 10000).
 */
export const DATE_RANGE = { first: '1900-01-01', last: '2199-12-31' } as const;

/** An ISO calendar date `YYYY-MM-DD` that exists (`2026-02-30` does not), within `DATE_RANGE`: the one date type of every input. */
export const ZIsoDate = z.iso
  .date()
  .refine((date) => date >= DATE_RANGE.first && date <= DATE_RANGE.last, `Must be from ${DATE_RANGE.first} to ${DATE_RANGE.last}.`)
  .meta({ description: `A calendar day YYYY-MM-DD from ${DATE_RANGE.first} to ${DATE_RANGE.last}.`, example: '2026-11-22' });

/** ISO 8601 timestamp in UTC. */
export const ZTimestamp = z.iso.datetime();

export const ZOk = z.object({ ok: z.boolean() });
export type TOk = z.infer<typeof ZOk>;
