import { toPlainText } from '../../shared/schemas/fields.js';

/**
 * RFC 5545 §3.3.11's TEXT escaping, for values the calendar library writes as given (the calendar's `NAME` and
 * `X-WR-CALNAME`): backslash, semicolon and comma escaped, and no line break or other control character left to
 * end the line early (a person's name must never start a property or an event of its own).
 */
export function icalText(value: string): string {
  return toPlainText(value).replace(/[\\;,]/g, (char) => `\\${char}`);
}
