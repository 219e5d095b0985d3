// What every command of the admin command line shares: usage errors, required values, plain tables.

/** A mistake in the command line itself: exit code 2 and the usage text. */
export class UsageError extends Error {}

export function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`${name} is required`);
  return value;
}

/** A positive whole number given on the command line, such as an id. */
export function positiveInteger(value: string | undefined, name: string): number {
  const number = Number(required(value, name));
  if (!/^\d+$/.test(value!) || !Number.isSafeInteger(number) || number <= 0) throw new UsageError(`"${value}" is not ${name}`);
  return number;
}

/** A whole number option, when given; the service checks its range. */
export function optionalInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`${name} must be a whole number, not "${value}"`);
  return Number(value);
}

export function optionalBoolean(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`${name} must be true or false`);
  return value === 'true';
}

export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}
