import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSetAssignmentsRequest, TSetAssignmentsResponse } from '../../../../shared/schemas/rota/schedules.js';
import type { ErrorIssue } from '../../../../shared/errors.js';
import { AppError } from '../../../app-error.js';
import { ScheduleCellChange } from '../../../db/entities/schedule-cell-change.js';
import { User } from '../../../db/entities/user.js';
import { Ward } from '../../../db/entities/ward.js';
import type { ServiceContext } from '../../service-context.js';
import { buildRosterProblem } from './build-roster-problem.js';
import { claimScheduleVersion } from './claim-schedule-version.js';
import { evaluateSchedule } from './evaluate-schedule.js';
import { recordScheduleEvent } from './record-schedule-event.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';

interface Cell {
  shiftTypeId: number;
  skill: string;
  pinned: boolean;
}

const cellKey = (userId: number, date: string) => `${userId}|${date}`;

/** How many bad rows an `invalid_assignment` answer names. */
const MAX_ISSUES = 50;

/**
 * Sets or clears cells of a schedule, all or nothing (docs/rota.md §6). `version` must be the schedule's; a row
 * naming a date outside the period, someone who is not rostered staff of the ward, an inactive or foreign
 * shift type, or a skill the person lacks refuses the whole edit with 400 `invalid_assignment`. Changes to a
 * published schedule are audited cell by cell, before and after. Answers the schedule and its evaluation.
 */
export async function setAssignments(em: EntityManager, input: TSetAssignmentsRequest & { wardId: number }, ctx: ServiceContext): Promise<TSetAssignmentsResponse> {
  return em.transactional(async (tx) => {
    const schedule = await claimScheduleVersion(tx, input, ctx.now);
    const period = schedulePeriod(schedule);

    const rostered = new Map(
      (
        await tx.execute<{ id: number; skills: string[] }[]>(
          'select u.id, sp.skills from app_user u join staff_profile sp on sp.user_id = u.id where u.ward_id = ? and u.active',
          [input.wardId],
        )
      ).map((row) => [row.id, row.skills]),
    );
    // `for key share`, the lock a foreign key takes: a shift type being deleted is waited for and then read as gone
    // (400, not the foreign key's 500), and one read here cannot be deleted until this edit has written its cells.
    const shiftTypes = new Map(
      (
        await tx.execute<{ id: number; code: string; active: boolean }[]>('select id, code, active from shift_type where ward_id = ? for key share', [input.wardId])
      ).map((row) => [row.id, row]),
    );
    const existing = new Map<string, Cell>();
    for (const row of await tx.execute<{ user_id: number; date: string; shift_type_id: number; skill: string; pinned: boolean }[]>(
      'select user_id, date::text as date, shift_type_id, skill, pinned from assignment where schedule_id = ?',
      [schedule.id],
    )) {
      existing.set(cellKey(row.user_id, row.date), { shiftTypeId: row.shift_type_id, skill: row.skill, pinned: row.pinned });
    }

    const issues: ErrorIssue[] = [];
    const refuse = (index: number, field: string, message: string) => issues.push({ path: `set.${index}.${field}`, message });
    const changes = new Map<string, { userId: number; date: string; after: Cell | null }>();
    input.set.forEach((row, index) => {
      const key = cellKey(row.userId, row.date);
      if (changes.has(key)) return refuse(index, 'date', 'A cell (userId, date) may be named once per edit.');
      if (row.date < period.startDate || row.date > period.endDate) return refuse(index, 'date', 'The date is outside the schedule\'s period.');
      const skills = rostered.get(row.userId);
      if (row.shiftTypeId === null) {
        // Anyone's cell may be cleared, also of someone no longer rostered here.
        if (!skills && !existing.has(key)) return refuse(index, 'userId', 'Not rostered staff of the ward.');
        changes.set(key, { userId: row.userId, date: row.date, after: null });
        return;
      }
      if (!skills) return refuse(index, 'userId', 'Not rostered staff of the ward.');
      const type = shiftTypes.get(row.shiftTypeId);
      if (!type) return refuse(index, 'shiftTypeId', 'Not a shift type of the ward.');
      if (!type.active) return refuse(index, 'shiftTypeId', 'The shift type is inactive.');
      const skill = row.skill ?? skills[0]!;
      if (!skills.includes(skill)) return refuse(index, 'skill', 'The person does not have this skill.');
      changes.set(key, { userId: row.userId, date: row.date, after: { shiftTypeId: type.id, skill, pinned: row.pinned ?? true } });
    });
    if (issues.length > 0) throw new AppError('invalid_assignment', { issues: issues.slice(0, MAX_ISSUES) });

    const cleared = [...changes.values()].filter((change) => change.after === null && existing.has(cellKey(change.userId, change.date)));
    const written = [...changes.values()].filter((change) => change.after !== null);
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
          JSON.stringify(written.map(({ userId, date, after }) => ({ user_id: userId, date, shift_type_id: after!.shiftTypeId, skill: after!.skill, pinned: after!.pinned }))),
        ],
      );
    }

    if (schedule.status === 'published') {
      const codeOf = (id: number | undefined) => (id === undefined ? null : (shiftTypes.get(id)?.code ?? null));
      let audited = 0;
      for (const { userId, date, after } of changes.values()) {
        const before = existing.get(cellKey(userId, date)) ?? null;
        if (before?.shiftTypeId === after?.shiftTypeId && before?.skill === after?.skill) continue;
        audited++;
        tx.create(ScheduleCellChange, {
          ward: tx.getReference(Ward, input.wardId),
          scheduleId: schedule.id,
          version: schedule.version,
          user: tx.getReference(User, userId),
          date,
          beforeShiftTypeId: before?.shiftTypeId ?? null,
          beforeShiftCode: codeOf(before?.shiftTypeId),
          beforeSkill: before?.skill ?? null,
          afterShiftTypeId: after?.shiftTypeId ?? null,
          afterShiftCode: codeOf(after?.shiftTypeId),
          afterSkill: after?.skill ?? null,
          actor: tx.getReference(User, ctx.actor.id),
          createdAt: ctx.now,
        });
      }
      recordScheduleEvent(tx, { type: 'schedule.cells_changed', wardId: input.wardId, scheduleId: schedule.id, note: `${audited} cells, version ${schedule.version}` }, ctx);
      await tx.flush();
    }

    const evaluation = evaluateSchedule(await buildRosterProblem(tx, period));
    return { schedule: scheduleView(schedule, evaluation.score), evaluation };
  });
}
