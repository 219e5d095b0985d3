import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { ScheduleCellChange, type CellRoute } from '../../../db/entities/schedule-cell-change.js';
import type { ISchedule } from '../../../db/entities/schedule.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import { isoDateIn } from '../../../time/hospital-time.js';
import { notify } from '../../notifications/notify.js';
import type { ServiceContext, ServiceDeps } from '../../service-context.js';
import { claimScheduleVersion } from './claim-schedule-version.js';
import { recordScheduleEvent } from './record-schedule-event.js';

export type { CellRoute };

/** What a cell holds; a day off is `null`. */
export interface CellValue {
  shiftTypeId: number;
  skill: string;
}

export interface CellChange {
  userId: number;
  date: string;
  /** The new content, or `null` to clear the cell. `pinned` defaults to true: a change made by people stays. */
  after: (CellValue & { pinned?: boolean }) | null;
}

/** One cell whose shift type or skill the change altered. */
export interface ChangedCell {
  userId: number;
  date: string;
  before: CellValue | null;
  after: CellValue | null;
}

export interface ChangeCellsInput {
  wardId: number;
  scheduleId: number;
  /** The version the change was made on: anything else is 409 `version_conflict`. */
  expectedVersion: number;
  /** At most one change per (userId, date); the caller has checked each against the ward's rules. */
  changes: CellChange[];
  route: CellRoute;
}

export type CellChangeContext = ServiceContext & Pick<ServiceDeps, 'config'>;

/** Today in the hospital's time zone: the first day of a published schedule that is not yet history. */
export function hospitalToday(ctx: Pick<CellChangeContext, 'now' | 'config'>): string {
  return isoDateIn(ctx.now, ctx.config.timezone);
}

const cellKey = (userId: number, date: string) => `${userId}|${date}`;

/**
 * The one way a schedule's cells change (docs/rota.md §6, §11): a manual edit, an approved swap or claim and an
 * applied repair all end here, inside the caller's transaction. It locks the schedule and moves it from
 * `expectedVersion` to the next (409 `version_conflict` otherwise; 409 `solve_in_progress` while a solve runs), and
 * writes the cells. On a published schedule it refuses to touch a day before today unless the route is a manual
 * `edit` (409 `schedule_past`: those days are history), records every cell whose shift type or skill changed
 * (`schedule_cell_change`, with the route and the actor) and one `schedule.cells_changed` event, and tells each
 * person whose cell changed (`shift_changed`). Answers the schedule, locked at its new version, and the changed cells.
 */
export async function changeCells(tx: EntityManager, input: ChangeCellsInput, ctx: CellChangeContext): Promise<{ schedule: ISchedule; changed: ChangedCell[] }> {
  const schedule = await claimScheduleVersion(tx, { wardId: input.wardId, id: input.scheduleId, version: input.expectedVersion }, ctx.now);
  const published = schedule.status === 'published';
  if (published && input.route !== 'edit') {
    const today = hospitalToday(ctx);
    if (input.changes.some((change) => change.date < today)) throw new AppError('schedule_past');
  }
  if (input.changes.length === 0) return { schedule, changed: [] };

  const keys = JSON.stringify(input.changes.map((change) => ({ user_id: change.userId, date: change.date })));
  const before = new Map<string, CellValue>();
  for (const row of await tx.execute<{ user_id: number; date: string; shift_type_id: number; skill: string }[]>(
    `select a.user_id, a.date::text as date, a.shift_type_id, a.skill
       from assignment a join jsonb_to_recordset(?::jsonb) as x(user_id int, date date) on a.user_id = x.user_id and a.date = x.date
      where a.schedule_id = ?`,
    [keys, schedule.id],
  )) {
    before.set(cellKey(row.user_id, row.date), { shiftTypeId: row.shift_type_id, skill: row.skill });
  }

  const cleared = input.changes.filter((change) => change.after === null && before.has(cellKey(change.userId, change.date)));
  const written = input.changes.filter((change) => change.after !== null);
  if (cleared.length > 0) {
    await tx.execute(
      `delete from assignment a using jsonb_to_recordset(?::jsonb) as x(user_id int, date date)
        where a.schedule_id = ? and a.user_id = x.user_id and a.date = x.date`,
      [JSON.stringify(cleared.map((change) => ({ user_id: change.userId, date: change.date }))), schedule.id],
    );
  }
  if (written.length > 0) {
    await tx.execute(
      `insert into assignment (schedule_id, user_id, date, shift_type_id, skill, pinned)
       select ?, x.user_id, x.date, x.shift_type_id, x.skill, x.pinned
         from jsonb_to_recordset(?::jsonb) as x(user_id int, date date, shift_type_id int, skill text, pinned boolean)
       on conflict (schedule_id, user_id, date)
       do update set shift_type_id = excluded.shift_type_id, skill = excluded.skill, pinned = excluded.pinned`,
      [
        schedule.id,
        JSON.stringify(written.map(({ userId, date, after }) => ({ user_id: userId, date, shift_type_id: after!.shiftTypeId, skill: after!.skill, pinned: after!.pinned ?? true }))),
      ],
    );
  }

  const changed: ChangedCell[] = [];
  for (const change of input.changes) {
    const was = before.get(cellKey(change.userId, change.date)) ?? null;
    const now = change.after === null ? null : { shiftTypeId: change.after.shiftTypeId, skill: change.after.skill };
    if (was?.shiftTypeId === now?.shiftTypeId && was?.skill === now?.skill) continue;
    changed.push({ userId: change.userId, date: change.date, before: was, after: now });
  }
  if (!published) return { schedule, changed };

  const codes = new Map(
    (await tx.execute<{ id: number; code: string }[]>('select id, code from shift_type where ward_id = ?', [input.wardId])).map((row) => [row.id, row.code]),
  );
  const codeOf = (cell: CellValue | null) => (cell === null ? null : (codes.get(cell.shiftTypeId) ?? null));
  for (const cell of changed) {
    tx.create(ScheduleCellChange, {
      ward: tx.getReference(Ward, input.wardId),
      scheduleId: schedule.id,
      version: schedule.version,
      user: tx.getReference(User, cell.userId),
      date: cell.date,
      beforeShiftTypeId: cell.before?.shiftTypeId ?? null,
      beforeShiftCode: codeOf(cell.before),
      beforeSkill: cell.before?.skill ?? null,
      afterShiftTypeId: cell.after?.shiftTypeId ?? null,
      afterShiftCode: codeOf(cell.after),
      afterSkill: cell.after?.skill ?? null,
      route: input.route,
      actor: tx.getReference(User, ctx.actor.id),
      createdAt: ctx.now,
    });
  }
  recordScheduleEvent(
    tx,
    { type: 'schedule.cells_changed', wardId: input.wardId, scheduleId: schedule.id, note: `${input.route}: ${changed.length} cells, version ${schedule.version}` },
    ctx,
  );
  await tx.flush();
  await notify(
    tx,
    changed.map((cell) => ({
      userId: cell.userId,
      kind: 'shift_changed',
      data: { scheduleId: schedule.id, date: cell.date, before: cell.before, after: cell.after, by: ctx.actor.id, route: input.route },
    })),
    ctx.now,
  );
  return { schedule, changed };
}
