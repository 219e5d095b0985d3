// Reads a coverage table from a CSV or JSON file for `coverage:set`. Shift types may be named by code
// (column `shiftType`) or by id (column `shiftTypeId`); the service checks everything else.
import { readFileSync } from 'node:fs';
import { UsageError } from './cli-support.js';

export interface CoverageFileRow {
  shiftTypeId?: number;
  shiftType?: string;
  skill: string;
  weekday: number | null;
  date: string | null;
  minimum: number;
  optimal: number;
}

/** RFC 4180 fields: commas, double quotes with `""` inside, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(field), (field = '');
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += char;
  }
  if (field !== '' || row.length) row.push(field), rows.push(row);
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

function numberOrNull(value: unknown, what: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  throw new UsageError(`${what} must be a whole number, not "${String(value)}"`);
}

function row(record: Record<string, unknown>, where: string): CoverageFileRow {
  const shiftTypeId = numberOrNull(record.shiftTypeId, `${where}: shiftTypeId`);
  const shiftType = typeof record.shiftType === 'string' && record.shiftType.trim() ? record.shiftType.trim() : undefined;
  if (shiftTypeId === null && !shiftType) throw new UsageError(`${where}: a shiftType (code) or shiftTypeId is required`);
  const date = record.date === undefined || record.date === null || record.date === '' ? null : String(record.date).trim();
  return {
    ...(shiftTypeId !== null ? { shiftTypeId } : { shiftType: shiftType! }),
    skill: String(record.skill ?? ''),
    weekday: numberOrNull(record.weekday, `${where}: weekday`),
    date,
    minimum: numberOrNull(record.minimum, `${where}: minimum`) ?? 0,
    optimal: numberOrNull(record.optimal, `${where}: optimal`) ?? 0,
  };
}

/** A `.json` file holds `{ coverage: [...] }` or the array itself; anything else is read as CSV with a header line. */
export function readCoverageFile(path: string): CoverageFileRow[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  if (path.toLowerCase().endsWith('.json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UsageError(`${path} is not valid JSON`);
    }
    const rows = Array.isArray(parsed) ? parsed : (parsed as { coverage?: unknown }).coverage;
    if (!Array.isArray(rows)) throw new UsageError(`${path}: expected an array of rows or { "coverage": [...] }`);
    return rows.map((record, i) => row(record as Record<string, unknown>, `${path} row ${i + 1}`));
  }
  const [header, ...lines] = parseCsv(text);
  if (!header) return [];
  const columns = header.map((name) => name.trim());
  return lines.map((cells, i) => row(Object.fromEntries(columns.map((name, j) => [name, cells[j]?.trim() ?? ''])), `${path} line ${i + 2}`));
}
