import { Contract } from '../../server/db/entities/contract.js';
import { CoverageRequirement } from '../../server/db/entities/coverage-requirement.js';
import { RotaRequest, type RequestKind, type RequestStatus } from '../../server/db/entities/rota-request.js';
import { ShiftType } from '../../server/db/entities/shift-type.js';
import { StaffProfile } from '../../server/db/entities/staff-profile.js';
import { User } from '../../server/db/entities/user.js';
import { Ward } from '../../server/db/entities/ward.js';
import type { ContractSpec } from '../../server/rota/problem.js';
import type { Route } from './rota-api.js';
import type { TestServer } from './test-server.js';

/** The week the schedule tests plan: Monday 2027-01-04 (14 Dey 1405; the default weekend, Friday, is 2027-01-08) to Sunday. */
export const WEEK = { startDate: '2027-01-04', endDate: '2027-01-10' };

export const SCHEDULE_ROUTES = {
  listSchedules: { procedure: 'rota.schedules.list', method: 'GET', path: '/api/rota/schedules' },
  createSchedule: { procedure: 'rota.schedules.create', method: 'POST', path: '/api/rota/schedules' },
  readSchedule: { procedure: 'rota.schedules.read', method: 'GET', path: '/api/rota/schedules/{id}' },
  setAssignments: { procedure: 'rota.schedules.setAssignments', method: 'PUT', path: '/api/rota/schedules/{id}/assignments' },
  setCarryIn: { procedure: 'rota.schedules.setCarryIn', method: 'PUT', path: '/api/rota/schedules/{id}/carry-in' },
  publishSchedule: { procedure: 'rota.schedules.publish', method: 'POST', path: '/api/rota/schedules/{id}/publish' },
  deleteSchedule: { procedure: 'rota.schedules.remove', method: 'DELETE', path: '/api/rota/schedules/{id}' },
  evaluateSchedule: { procedure: 'rota.schedules.evaluation', method: 'GET', path: '/api/rota/schedules/{id}/evaluation' },
} as const satisfies Record<string, Route>;

// Rows the schedules' tests stand on, written straight to the database: what they check is the schedules.

export async function insertProfile(server: TestServer, userId: number, skills: string[], contractId: number | null = null): Promise<void> {
  const em = server.em();
  const now = server.clock.now();
  em.create(StaffProfile, { user: em.getReference(User, userId), skills, contract: contractId === null ? null : em.getReference(Contract, contractId), createdAt: now, updatedAt: now });
  await em.flush();
}

export async function insertContract(server: TestServer, wardId: number, name: string, spec: ContractSpec): Promise<number> {
  const em = server.em();
  const now = server.clock.now();
  const contract = em.create(Contract, { ward: em.getReference(Ward, wardId), name, nameKey: name.toLowerCase(), ...spec, createdAt: now, updatedAt: now });
  await em.flush();
  return contract.id;
}

export async function insertCoverage(
  server: TestServer,
  wardId: number,
  row: { shiftTypeId: number; skill: string; weekday?: number; date?: string; minimum: number; optimal: number },
): Promise<void> {
  const em = server.em();
  em.create(CoverageRequirement, {
    ward: em.getReference(Ward, wardId),
    shiftType: em.getReference(ShiftType, row.shiftTypeId),
    skill: row.skill,
    weekday: row.weekday ?? null,
    date: row.date ?? null,
    minimum: row.minimum,
    optimal: row.optimal,
  });
  await em.flush();
}

export async function insertRequest(
  server: TestServer,
  wardId: number,
  row: { userId: number; kind: RequestKind; date: string; endDate?: string; shiftTypeId?: number; status: RequestStatus },
): Promise<void> {
  const em = server.em();
  const now = server.clock.now();
  em.create(RotaRequest, {
    ward: em.getReference(Ward, wardId),
    user: em.getReference(User, row.userId),
    kind: row.kind,
    date: row.date,
    endDate: row.endDate ?? row.date,
    shiftType: row.shiftTypeId === undefined ? null : em.getReference(ShiftType, row.shiftTypeId),
    note: null,
    status: row.status,
    createdBy: null,
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    cancelledBy: null,
    cancelledAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
}
