import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSetAssignmentsRequest, TSetAssignmentsResponse } from '../../../../shared/schemas/rota/schedules.js';
import type { ErrorIssue } from '../../../../shared/errors.js';
import { AppError } from '../../../app-error.js';
import { refuseWhileSolving } from '../solve/refuse-while-solving.js';
import { buildRosterProblem } from './build-roster-problem.js';
import { changeCells, type CellChange, type CellChangeContext } from './change-cells.js';
import { evaluateSchedule } from './evaluate-schedule.js';
import { findWardSchedule } from './find-ward-schedule.js';
import { schedulePeriod, scheduleView } from './schedule-view.js';

const cellKey = (userId: number, date: string) => `${userId}|${date}`;

/** How many bad rows an `invalid_assignment` answer names. */
const MAX_ISSUES = 50;

/**
 * Sets or clears cells of a schedule, all or nothing (docs/rota.md §6). `version` must be the schedule's; a row
 * naming a date outside the period, someone who is not rostered staff of the ward, an inactive or foreign
 * shift type, or a skill the person lacks refuses the whole edit with 400 `invalid_assignment`. The cells are written
 * by the one path of every cell change (change-cells.ts, route `edit`), which audits and notifies on a published
 * schedule. Answers the schedule and its evaluation.
 */
export async function setAssignments(em: EntityManager, input: TSetAssignmentsRequest & { wardId: number }, ctx: CellChangeContext): Promise<TSetAssignmentsResponse> {
  return em.transactional(async (tx) => {
    // Locked and checked before the rows are judged: a stale edit is 409 `version_conflict` whatever it holds.
    const found = await findWardSchedule(tx, { wardId: input.wardId, id: input.id, lock: true });
    if (found.version !== input.version) throw new AppError('version_conflict');
    await refuseWhileSolving(tx, found.id);
    const period = schedulePeriod(found);

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
    const existing = new Set(
      (await tx.execute<{ user_id: number; date: string }[]>('select user_id, date::text as date from assignment where schedule_id = ?', [found.id])).map((row) =>
        cellKey(row.user_id, row.date),
      ),
    );

    const issues: ErrorIssue[] = [];
    const refuse = (index: number, field: string, message: string) => issues.push({ path: `set.${index}.${field}`, message });
    const changes = new Map<string, CellChange>();
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

    const { schedule } = await changeCells(
      tx,
      { wardId: input.wardId, scheduleId: found.id, expectedVersion: input.version, changes: [...changes.values()], route: 'edit' },
      ctx,
    );
    const evaluation = evaluateSchedule(await buildRosterProblem(tx, period));
    return { schedule: scheduleView(schedule, evaluation.score), evaluation };
  });
}
