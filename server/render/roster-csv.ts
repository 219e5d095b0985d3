import type { RosterSheet } from '../services/rota/views/load-roster-sheet.js';

/**
 * Spreadsheet programs read a cell starting with `=`, `+`, `-` or `@` as a formula (CSV injection), and one that opens
 * the file splitting on tabs or semicolons (Persian locales use `؛`) starts a cell after each of them: a value starting
 * with a tab, a line break or such a separator, or with whitespace and separators before a formula sign, is neutralised.
 */
const FORMULA_START = /^(?:[=+\-@\t\r\n;؛]|[\s,;؛]+[=+\-@])/u;

/** Any character a spreadsheet might split a line or a row on. */
const NEEDS_QUOTES = /[",;؛\t\r\n]/u;

/** One RFC 4180 field: a formula-like value is prefixed with `'`; a field holding a quote or any separator is quoted. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * docs/rota.md §9's export: `name,<ISO dates…>`, one row per person with the shift codes of their cells, CRLF line
 * ends, UTF-8 with a byte order mark so that spreadsheet programs show Persian names.
 */
export function rosterCsv(sheet: RosterSheet): string {
  const rows = [
    ['name', ...sheet.dates],
    ...sheet.people.map((person) => [person.name, ...person.cells.map((cell) => (cell === null ? '' : sheet.shiftTypes[cell]!.code))]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
