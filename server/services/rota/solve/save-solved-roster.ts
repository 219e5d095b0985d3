import type { EntityManager } from '@mikro-orm/postgresql';
import { OFF, type Roster } from '../../../rota/problem.js';
import type { ScheduleProblem } from '../schedules/build-roster-problem.js';

/**
 * Writes a solved roster into its schedule, inside the caller's transaction with the schedule's row locked:
 * the unpinned cells are replaced by the roster's (as unpinned cells), the pinned ones stay as they are, and
 * the version moves on so that an editor holding the old one is told it changed.
 */
export async function saveSolvedRoster(tx: EntityManager, built: ScheduleProblem, roster: Roster, scheduleId: number, now: Date): Promise<void> {
  const { problem, people, dates, shiftTypeIds, pinned } = built;
  const cells: { user_id: number; date: string; shift_type_id: number; skill: string }[] = [];
  for (let p = 0; p < people.length; p++) {
    for (let d = 0; d < problem.days; d++) {
      const cell = p * problem.days + d;
      if (pinned[cell] || roster.shift[cell] === OFF) continue;
      cells.push({ user_id: people[p]!.userId, date: dates[d]!, shift_type_id: shiftTypeIds[roster.shift[cell]!]!, skill: problem.skills[roster.skill[cell]!]! });
    }
  }
  await tx.execute('delete from assignment where schedule_id = ? and not pinned', [scheduleId]);
  if (cells.length > 0) {
    await tx.execute(
      `insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned)
       select ?, x.user_id, x.date, x.shift_type_id, x.skill, false
         from jsonb_to_recordset(?::jsonb) as x(user_id int, date date, shift_type_id int, skill text)`,
      [scheduleId, JSON.stringify(cells)],
    );
  }
  await tx.execute('update schedule set version = version + 1, updated_at = ? where id = ?', [now, scheduleId]);
}
