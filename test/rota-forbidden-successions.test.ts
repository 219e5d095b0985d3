import { describe, expect, it } from '@jest/globals';
import { forbiddenSuccessions, type SuccessionShiftType } from '../server/services/rota/shift-types/forbidden-successions.js';

const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const type = (id: number, start: string, end: string, forbiddenNext: number[] = []): SuccessionShiftType => ({ id, startMinute: at(start), endMinute: at(end), forbiddenNext });

describe('forbidden successions (docs/rota.md §1, §2)', () => {
  const early = type(1, '06:00', '14:00');
  const late = type(2, '14:00', '22:00');
  const night = type(3, '22:00', '06:00');

  it('forbid nothing with minRestHours 0 and no explicit lists, even where shifts would overlap', () => {
    expect(forbiddenSuccessions([early, late, night], 0)).toEqual([
      [false, false, false],
      [false, false, false],
      [false, false, false],
    ]);
  });

  it('take the explicit forbiddenNext lists, ignoring ids that are not in the problem', () => {
    expect(forbiddenSuccessions([early, late, { ...night, forbiddenNext: [1, 2, 99] }], 0)).toEqual([
      [false, false, false],
      [false, false, false],
      [true, true, false],
    ]);
  });

  it.each([
    // A night ending 06:00 on day d+1, then an early at 06:00 on d+1: no rest at all. A late ending 22:00,
    // then an early at 06:00: exactly 8 h, allowed at 8 and forbidden at 9.
    [8, [[false, false, false], [false, false, false], [true, false, false]]],
    [9, [[false, false, false], [true, false, false], [true, true, false]]],
    [16, [[false, false, false], [true, false, false], [true, true, false]]],
    // Early to early, late to late, night to night: 16 h each.
    [17, [[true, false, false], [true, true, false], [true, true, true]]],
    // Early to late, late to night: exactly 24 h, still allowed.
    [24, [[true, false, false], [true, true, false], [true, true, true]]],
  ])('with minRestHours %i forbid the pairs whose rest is shorter', (hours, expected) => {
    expect(forbiddenSuccessions([early, late, night], hours)).toEqual(expected);
  });

  it('count a pair forbidden by both rules once (the matrix holds it once)', () => {
    const matrix = forbiddenSuccessions([early, { ...late, forbiddenNext: [1] }, night], 9);
    expect(matrix[1]![0]).toBe(true);
    expect(matrix.flat().filter(Boolean)).toHaveLength(3);
  });

  it('take a 24-hour shift (end equal to start) as ending on the next day', () => {
    const full = type(4, '08:00', '08:00');
    // Ends 08:00 on d+1, the next one starts 08:00 on d+1: no rest.
    expect(forbiddenSuccessions([full], 1)).toEqual([[true]]);
  });
});
