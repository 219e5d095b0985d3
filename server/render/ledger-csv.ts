import type { TLedgerResponse } from '../../shared/schemas/rota/ledger.js';
import { csvField } from './roster-csv.js';

const HEADER = [
  'userId', 'name', 'assignments', 'minutes', 'nights', 'weekendsWorked', 'holidaysWorked', 'preferencesHonoured', 'preferencesBroken',
  'changesAfterPublication', 'deviationNights', 'deviationWeekendsWorked', 'deviationHolidaysWorked',
];

/** A figure as a spreadsheet reads a number: never quoted, never prefixed (the formula rule is for text). */
const number = (value: number) => String(value);

/**
 * docs/rota.md §13's ledger as CSV: the header above, one row per person, CRLF line ends, UTF-8 with a byte order mark;
 * the name is the one text field, quoted by RFC 4180 and neutralised like the roster's names (docs/rota.md §9).
 */
export function ledgerCsv(ledger: TLedgerResponse): string {
  const rows = ledger.rows.map((row) =>
    [
      number(row.userId),
      csvField(row.name),
      ...[row.assignments, row.minutes, row.nights, row.weekendsWorked, row.holidaysWorked, row.preferencesHonoured, row.preferencesBroken, row.changesAfterPublication].map(number),
      ...[row.deviation.nights, row.deviation.weekendsWorked, row.deviation.holidaysWorked].map(number),
    ].join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
