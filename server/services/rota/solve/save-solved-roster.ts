import type { EntityManager } from '@mikro-orm/postgresql';
import { OFF, type Roster } from '../../../rota/problem.js';
import type { ScheduleProblem } from '../schedules/build-roster-problem.js';

export interface SolvedRosterTarget {
  scheduleId: number;
  wardId: number;
  /** Who asked for the solve: the actor of the audit lines when the schedule is published. */
  actorId: number | null;
}

interface Cell {
  user_id: number;
  date: string;
  shift_type_id: number;
  skill: string;
}

const cellKey = (cell: { user_id: number; date: string }) => `${cell.user_id}|${cell.date}`;

/** What the ward's rules allow at the moment of writing: who is on its rota with which skills, and which shift types are in use. */
interface RulesNow {
  skillsOf: Map<number, Set<string>>;
  activeShiftTypes: Set<number>;
}

/**
 * The ward's rules as they are now, not as they were when the solve began. Read under share locks, so that
 * a deactivation, a profile's change or removal or a shift type's deactivation commits either before this
 * read (and is obeyed) or after the write-back (and leaves cells the evaluation then flags, as it would any).
 */
async function rulesNow(tx: EntityManager, wardId: number): Promise<RulesNow> {
  const [staff, types] = await Promise.all([
    tx.execute<{ id: number; skills: string[] | null }[]>(
      'select u.id, sp.skills from app_user u join staff_profile sp on sp.user_id = u.id where u.ward_id = ? and u.active for share of u, sp',
      [wardId],
    ),
    tx.execute<{ id: number }[]>('select id from shift_type where ward_id = ? and active for share', [wardId]),
  ]);
  return { skillsOf: new Map(staff.map((row) => [row.id, new Set(row.skills ?? [])])), activeShiftTypes: new Set(types.map((row) => row.id)) };
}

/**
 * Writes a solved roster into its schedule, inside the caller's transaction with the schedule's row locked:
 * the unpinned cells are replaced by the roster's (as unpinned cells), the pinned ones stay as they are, and
 * the version moves on so that an editor holding the old one is told it changed. On a published schedule each
 * changed cell is audited, before and after, as a manual edit is (docs/rota.md §6), with one rota event for the solve.
 *
 * The roster was made under the rules of the solve's start. A cell the rules of now forbid (its person was
 * deactivated, left the ward or lost their profile or that skill; its shift type was deactivated) is left
 * empty rather than written: the rest of the roster stands, and the gap shows in the evaluation as any
 * uncovered shift does. Answers how many cells were left out.
 */
export async function saveSolvedRoster(tx: EntityManager, built: ScheduleProblem, roster: Roster, target: SolvedRosterTarget, now: Date): Promise<{ dropped: number }> {
  const { problem, people, dates, shiftTypeIds, pinned } = built;
  const rules = await rulesNow(tx, target.wardId);
  const cells: Cell[] = [];
  let dropped = 0;
  for (let p = 0; p < people.length; p++) {
    const skills = rules.skillsOf.get(people[p]!.userId);
    for (let d = 0; d < problem.days; d++) {
      const cell = p * problem.days + d;
      if (pinned[cell] || roster.shift[cell] === OFF) continue;
      const solved = { user_id: people[p]!.userId, date: dates[d]!, shift_type_id: shiftTypeIds[roster.shift[cell]!]!, skill: problem.skills[roster.skill[cell]!]! };
      if (!skills?.has(solved.skill) || !rules.activeShiftTypes.has(solved.shift_type_id)) {
        dropped += 1;
        continue;
      }
      cells.push(solved);
    }
  }
  const [schedule] = await tx.execute<{ status: string; version: number }[]>(
    'update schedule set version = version + 1, updated_at = ? where id = ? returning status, version',
    [now, target.scheduleId],
  );
  const before =
    schedule!.status === 'published'
      ? await tx.execute<Cell[]>('select user_id, date::text as date, shift_type_id, skill from assignment where schedule_id = ? and not pinned', [target.scheduleId])
      : [];
  await tx.execute('delete from assignment where schedule_id = ? and not pinned', [target.scheduleId]);
  if (cells.length > 0) {
    await tx.execute(
      `insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned)
       select ?, x.user_id, x.date, x.shift_type_id, x.skill, false
         from jsonb_to_recordset(?::jsonb) as x(user_id int, date date, shift_type_id int, skill text)`,
      [target.scheduleId, JSON.stringify(cells)],
    );
  }
  if (schedule!.status === 'published') await auditSolvedCells(tx, before, cells, target, schedule!.version, now);
  return { dropped };
}

/**
 * A full solve writes a published schedule only when it was queued before repairs existed (now a published schedule is
 * repaired, and publishing waits for a solve): its cells are audited as the automatic re-plan they are, route `repair`.
 */
async function auditSolvedCells(tx: EntityManager, before: Cell[], after: Cell[], target: SolvedRosterTarget, version: number, now: Date): Promise<void> {
  const old = new Map(before.map((cell) => [cellKey(cell), cell]));
  const changes: { user_id: number; date: string; before_id: number | null; before_skill: string | null; after_id: number | null; after_skill: string | null }[] = [];
  for (const cell of after) {
    const previous = old.get(cellKey(cell));
    old.delete(cellKey(cell));
    if (previous?.shift_type_id === cell.shift_type_id && previous.skill === cell.skill) continue;
    changes.push({ user_id: cell.user_id, date: cell.date, before_id: previous?.shift_type_id ?? null, before_skill: previous?.skill ?? null, after_id: cell.shift_type_id, after_skill: cell.skill });
  }
  for (const cell of old.values()) {
    changes.push({ user_id: cell.user_id, date: cell.date, before_id: cell.shift_type_id, before_skill: cell.skill, after_id: null, after_skill: null });
  }
  if (changes.length > 0) {
    await tx.execute(
      `insert into schedule_cell_change (ward_id, schedule_id, version, user_id, date, before_shift_type_id, before_shift_code, before_skill,
                                         after_shift_type_id, after_shift_code, after_skill, route, actor_id, created_at)
       select ?, ?, ?, x.user_id, x.date, x.before_id, b.code, x.before_skill, x.after_id, a.code, x.after_skill, 'repair', ?, ?
         from jsonb_to_recordset(?::jsonb) as x(user_id int, date date, before_id int, before_skill text, after_id int, after_skill text)
         left join shift_type b on b.id = x.before_id
         left join shift_type a on a.id = x.after_id`,
      [target.wardId, target.scheduleId, version, target.actorId, now, JSON.stringify(changes)],
    );
  }
  await tx.execute(
    `insert into rota_event (type, ward_id, object_type, object_id, user_id, actor_id, note, ip, user_agent, created_at)
     values ('schedule.solved', ?, 'schedule', ?, null, ?, ?, null, null, ?)`,
    [target.wardId, target.scheduleId, target.actorId, `${changes.length} cells, version ${version}`, now],
  );
}
