import type { IShiftSwap, SwapCell } from '../../../db/entities/shift-swap.js';
import type { CellChange, CellValue } from '../schedules/change-cells.js';

/** The days a swap exchanges: `date`, and `theirDate` when it differs. */
export function swapDates(swap: Pick<IShiftSwap, 'date' | 'theirDate'>): string[] {
  return swap.date === swap.theirDate ? [swap.date] : [swap.date, swap.theirDate];
}

export const sameCell = (a: CellValue | null, b: CellValue | null) => a?.shiftTypeId === b?.shiftTypeId && a?.skill === b?.skill;

export function asCellValue(cell: SwapCell): CellValue | null {
  return cell.shiftTypeId === null || cell.skill === null ? null : { shiftTypeId: cell.shiftTypeId, skill: cell.skill };
}

/** The two people's cells on each of the days, as `cellOf` reads them, in the order a swap keeps them. */
export function swapCells(fromUserId: number, toUserId: number, dates: string[], cellOf: (userId: number, date: string) => CellValue | null): SwapCell[] {
  return dates.flatMap((date) =>
    [fromUserId, toUserId].map((userId) => {
      const cell = cellOf(userId, date);
      return { userId, date, shiftTypeId: cell?.shiftTypeId ?? null, skill: cell?.skill ?? null };
    }),
  );
}

/** The exchange: on each day, each of the two gets what the other holds in `cells`. */
export function exchangeOf(cells: SwapCell[]): CellChange[] {
  const changes: CellChange[] = [];
  for (let i = 0; i + 1 < cells.length; i += 2) {
    const [a, b] = [cells[i]!, cells[i + 1]!];
    changes.push({ userId: a.userId, date: a.date, after: asCellValue(b) }, { userId: b.userId, date: b.date, after: asCellValue(a) });
  }
  return changes;
}
