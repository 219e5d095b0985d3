/**
 * The forbidden successions of docs/rota.md §1 and §2 as a matrix: `forbidden[a][b]` when shift type `b` may not
 * be worked on the day after shift type `a`, because `a` lists `b` in `forbiddenNext`, or because the rest
 * from the end of `a` to the start of `b` on the next day is shorter than `minRestHours` (0 forbids nothing).
 * A pair forbidden by both rules is one pair. Indices follow `shiftTypes`; ids outside it are ignored.
 */
export interface SuccessionShiftType {
  id: number;
  /** Minutes after midnight; `endMinute <= startMinute` ends on the next day. */
  startMinute: number;
  endMinute: number;
  forbiddenNext: readonly number[];
}

const DAY_MINUTES = 24 * 60;

export function forbiddenSuccessions(shiftTypes: readonly SuccessionShiftType[], minRestHours: number): boolean[][] {
  const index = new Map(shiftTypes.map((type, i) => [type.id, i]));
  return shiftTypes.map((first) => {
    const row = shiftTypes.map(() => false);
    for (const id of first.forbiddenNext) {
      const next = index.get(id);
      if (next !== undefined) row[next] = true;
    }
    if (minRestHours > 0) {
      // Minutes from the start of the first shift's day.
      const end = first.endMinute + (first.endMinute <= first.startMinute ? DAY_MINUTES : 0);
      shiftTypes.forEach((second, next) => {
        if (DAY_MINUTES + second.startMinute - end < minRestHours * 60) row[next] = true;
      });
    }
    return row;
  });
}
