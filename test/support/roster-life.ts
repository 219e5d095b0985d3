import { callRoute, setUpRotaPeople, type Face, type Route, type RotaPeople } from './rota-api.js';
import type { Installation } from './fixtures.js';
import { insertProfile, SCHEDULE_ROUTES, WEEK } from './schedules-api.js';
import type { TestServer } from './test-server.js';
import { createShiftType, scheduleWith, type Cell } from './views-api.js';

export const LIFE_ROUTES = {
  notifications: { procedure: 'account.notifications', method: 'GET', path: '/api/account/notifications' },
  readNotifications: { procedure: 'account.readNotifications', method: 'POST', path: '/api/account/notifications/read' },
} as const satisfies Record<string, Route>;

export const SWAP_ROUTES = {
  list: { procedure: 'rota.swaps.list', method: 'GET', path: '/api/rota/swaps' },
  offer: { procedure: 'rota.swaps.offer', method: 'POST', path: '/api/rota/swaps' },
  accept: { procedure: 'rota.swaps.accept', method: 'POST', path: '/api/rota/swaps/{id}/accept' },
  decline: { procedure: 'rota.swaps.decline', method: 'POST', path: '/api/rota/swaps/{id}/decline' },
  cancel: { procedure: 'rota.swaps.cancel', method: 'POST', path: '/api/rota/swaps/{id}/cancel' },
  approve: { procedure: 'rota.swaps.approve', method: 'POST', path: '/api/rota/swaps/{id}/approve' },
  reject: { procedure: 'rota.swaps.reject', method: 'POST', path: '/api/rota/swaps/{id}/reject' },
} as const satisfies Record<string, Route>;

export const CLAIM_ROUTES = {
  list: { procedure: 'rota.openShifts.list', method: 'GET', path: '/api/rota/open-shifts' },
  listClaims: { procedure: 'rota.openShifts.listClaims', method: 'GET', path: '/api/rota/open-shifts/claims' },
  claim: { procedure: 'rota.openShifts.claim', method: 'POST', path: '/api/rota/open-shifts/claims' },
  approveClaim: { procedure: 'rota.openShifts.approveClaim', method: 'POST', path: '/api/rota/open-shifts/claims/{id}/approve' },
  rejectClaim: { procedure: 'rota.openShifts.rejectClaim', method: 'POST', path: '/api/rota/open-shifts/claims/{id}/reject' },
  cancelClaim: { procedure: 'rota.openShifts.cancelClaim', method: 'POST', path: '/api/rota/open-shifts/claims/{id}/cancel' },
} as const satisfies Record<string, Route>;

export interface PublishedWeek {
  people: RotaPeople;
  day: number;
  night: number;
  scheduleId: number;
}

/**
 * The home ward's staff (the head nurse with skills head and nurse, the employee with nurse, the colleague with nurse
 * and icu), shift types D (07-15) and N (23-07), and WEEK (2027-01-04 … 10) with these cells, published.
 */
export async function setUpPublishedWeek(server: TestServer, installation: Installation, cells: (p: RotaPeople, t: { day: number; night: number }) => Cell[]): Promise<PublishedWeek> {
  const people = await setUpRotaPeople(server, installation);
  const day = await createShiftType(people.manager.client, { code: 'D', name: 'Day', start: '07:00', end: '15:00' });
  const night = await createShiftType(people.manager.client, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
  await insertProfile(server, people.manager.id, ['head', 'nurse']);
  await insertProfile(server, people.employee.id, ['nurse']);
  await insertProfile(server, people.colleague.id, ['nurse', 'icu']);
  await insertProfile(server, people.otherEmployee.id, ['nurse']);
  const scheduleId = await scheduleWith(people.manager.client, WEEK, cells(people, { day, night }));
  return { people, day, night, scheduleId };
}

/** The schedule's version and cells as `[userId, date, shiftTypeId, skill]`, read over REST by its manager. */
export async function readCells(week: PublishedWeek): Promise<{ version: number; cells: [number, string, number, string][] }> {
  const read = await callRoute(week.people.manager.client, 'rest', SCHEDULE_ROUTES.readSchedule, { id: week.scheduleId });
  return {
    version: read.body.schedule.version,
    cells: read.body.assignments.map((a: { userId: number; date: string; shiftTypeId: number; skill: string }) => [a.userId, a.date, a.shiftTypeId, a.skill]),
  };
}

/** The caller's notifications, newest first. */
export async function notificationsOf(client: RotaPeople['employee']['client'], face: Face = 'rest', unread?: boolean) {
  const answer = await callRoute(client, face, LIFE_ROUTES.notifications, unread === undefined ? undefined : { unread: String(unread) });
  if (answer.status !== 200) throw new Error(`notifications: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.notifications as { id: number; kind: string; createdAt: string; readAt: string | null; data: Record<string, unknown> }[];
}
