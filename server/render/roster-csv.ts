import type { RosterSheet } from '../services/rota/views/load-roster-sheet.js';

/** Spreadsheet programs read a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@]/;

/** One RFC 4180 field: a formula-like value is prefixed with `'`; a field with a comma, quote or line break is quoted. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
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
