import type { EntityManager } from '@mikro-orm/postgresql';
import type { TShiftType } from '../../../../shared/schemas/rota/shift-types.js';
import { ForbiddenSuccession } from '../../../db/entities/forbidden-succession.js';
import type { IShiftType } from '../../../db/entities/shift-type.js';

const DAY_MINUTES = 24 * 60;

export function clockTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** From start to end; a shift whose end is not after its start ends on the next day (equal: 24 hours). */
export function shiftMinutes(startMinute: number, endMinute: number): number {
  return endMinute > startMinute ? endMinute - startMinute : endMinute + DAY_MINUTES - startMinute;
}

export function shiftTypeView(type: IShiftType, forbiddenNext: number[]): TShiftType {
  return {
    id: type.id,
    code: type.code,
    name: type.name,
    start: clockTime(type.startMinute),
    end: clockTime(type.endMinute),
    minutes: shiftMinutes(type.startMinute, type.endMinute),
    minConsecutive: type.minConsecutive,
    maxConsecutive: type.maxConsecutive,
    forbiddenNext,
    active: type.active,
  };
}

/** The explicit forbidden successors of each of `shiftTypeIds`, in id order, in one query. */
export async function forbiddenNextOf(em: EntityManager, shiftTypeIds: number[]): Promise<Map<number, number[]>> {
  const byType = new Map<number, number[]>(shiftTypeIds.map((id) => [id, []]));
  if (shiftTypeIds.length === 0) return byType;
  const rows = await em.find(ForbiddenSuccession, { shiftType: { $in: shiftTypeIds } }, { orderBy: { next: 'asc' } });
  for (const row of rows) byType.get(row.shiftType.id)?.push(row.next.id);
  return byType;
}
