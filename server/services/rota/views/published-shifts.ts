import type { EntityManager } from '@mikro-orm/postgresql';
import { isoDateOf } from '../../../calendar/iso-dates.js';

/** One cell of a published schedule, with what a person's calendar shows of it. */
export interface PublishedShift {
  date: string;
  scheduleId: number;
  scheduleVersion: number;
  scheduleUpdatedAt: Date;
  ward: { id: number; name: string };
  shiftType: { code: string; name: string; startMinute: number; endMinute: number };
}

interface Row {
  date: string | Date;
  schedule_id: number;
  version: number;
  updated_at: Date;
  ward_id: number;
  ward_name: string;
  code: string;
  name: string;
  start_minute: number;
  end_minute: number;
}

/** The person's cells in published schedules of any ward, dated `from` to `to` (inclusive), in time order. */
export async function publishedShifts(em: EntityManager, input: { userId: number; from: string; to?: string }): Promise<PublishedShift[]> {
  const rows = await em.execute<Row[]>(
    `select a.date, s.id as schedule_id, s.version, s.updated_at, w.id as ward_id, w.name as ward_name,
            st.code, st.name, st.start_minute, st.end_minute
       from assignment a
       join schedule s on s.id = a.schedule_id and s.status = 'published'
       join ward w on w.id = s.ward_id
       join shift_type st on st.id = a.shift_type_id
      where a.user_id = ? and a.date >= ?::date and (?::date is null or a.date <= ?::date)
      order by a.date, st.start_minute, s.id`,
    [input.userId, input.from, input.to ?? null, input.to ?? null],
  );
  return rows.map((row) => ({
    date: isoDateOf(row.date),
    scheduleId: row.schedule_id,
    scheduleVersion: row.version,
    scheduleUpdatedAt: new Date(row.updated_at),
    ward: { id: row.ward_id, name: row.ward_name },
    shiftType: { code: row.code, name: row.name, startMinute: row.start_minute, endMinute: row.end_minute },
  }));
}
