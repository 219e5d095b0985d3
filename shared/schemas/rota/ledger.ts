import { z } from 'zod';
import { ZIsoDate, ZRotaPathId } from './common.js';

/** The longest range the ward's ledger answers for, both ends included (docs/rota.md §13). */
export const LEDGER_MAX_DAYS = 366;

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Whether `to` is on or after `from` and the range holds at most LEDGER_MAX_DAYS days. */
export function ledgerRangeFits(from: string, to: string): boolean {
  return to >= from && dayNumber(to) - dayNumber(from) + 1 <= LEDGER_MAX_DAYS;
}

export const ZLedgerRequest = z
  .object({ from: ZIsoDate, to: ZIsoDate })
  .refine(({ from, to }) => to >= from, { message: 'Must not be before from.', path: ['to'] })
  .refine(({ from, to }) => ledgerRangeFits(from, to), { message: `At most ${LEDGER_MAX_DAYS} days, both ends included.`, path: ['to'] });
export type TLedgerRequest = z.infer<typeof ZLedgerRequest>;

const figure = (description: string) => z.number().meta({ description });

/** The figures the ledger sets beside each person's full-time share. */
const ZSharedFigures = z.object({
  nights: figure('Assignments of shift types that end on the next day.'),
  weekendsWorked: figure('Weekends (runs of consecutive weekend days, whichever schedule holds them) with a day inside the range worked.'),
  holidaysWorked: figure('Holidays of the hospital worked.'),
});

export const ZLedgerRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  contractId: z.number().int().nullable(),
  assignments: figure('Cells held.'),
  minutes: figure('Minutes of the cells held.'),
  nights: figure('Assignments of shift types that end on the next day; a shift counts wholly on the day it starts.'),
  weekendsWorked: figure('Weekends (runs of consecutive weekend days, whichever schedule holds them) with a day inside the range worked.'),
  holidaysWorked: figure('Holidays of the hospital worked.'),
  preferencesHonoured: figure('Active preferences (day_off, shift_off, shift_on) on published days that the roster honours.'),
  preferencesBroken: figure('Active preferences on published days that the roster breaks.'),
  changesAfterPublication: figure('Changes of the shift type or skill of one of their cells after its schedule was published, by any route; a lost cell counts, a pin alone does not.'),
  deviation: ZSharedFigures.meta({ description: "The person's figure minus their full-time share times the ward's perFullTime figure: positive means more than their part." }),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

export const ZLedgerResponse = z.object({
  rows: z.array(ZLedgerRow),
  ward: z.object({
    staff: z.number().int().meta({ description: 'The number of rows.' }),
    perFullTime: ZSharedFigures.extend({ assignments: figure('Cells held.') }).meta({
      description:
        "The ward's total divided by the sum of the rows' full-time shares (a person's contract maxAssignments over the largest among the rows' contracts; 1 without a contract or when that largest is 0).",
    }),
  }),
});
export type TLedgerResponse = z.infer<typeof ZLedgerResponse>;

const LEDGER_RANGE = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;

/** `from..to` of the print page's `ledger` parameter, or null when it is not one. */
export function parseLedgerRange(value: string): { from: string; to: string } | null {
  const match = LEDGER_RANGE.exec(value);
  if (!match || !ZIsoDate.safeParse(match[1]).success || !ZIsoDate.safeParse(match[2]).success) return null;
  return { from: match[1]!, to: match[2]! };
}

/** The printed roster, with the ward's ledger over `ledger` (`from..to`) as a sheet after it when asked. */
export const ZPrintRequest = z.object({
  id: ZRotaPathId,
  ledger: z
    .string()
    .refine((value) => parseLedgerRange(value) !== null, 'Must be two ISO dates as from..to, such as 2026-03-21..2027-03-20.')
    .refine((value) => {
      const range = parseLedgerRange(value);
      return range === null || ledgerRangeFits(range.from, range.to);
    }, `to must not be before from, and the range at most ${LEDGER_MAX_DAYS} days, both ends included.`)
    .optional()
    .meta({ description: "Adds the ward's ledger over `from..to` as a sheet after the roster (managers only).", example: '2026-03-21..2027-03-20' }),
});
export type TPrintRequest = z.infer<typeof ZPrintRequest>;
