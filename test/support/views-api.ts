import type { TestClient } from './client.js';
import { callRoute, ROUTES, type Route } from './rota-api.js';
import { SCHEDULE_ROUTES } from './schedules-api.js';

export const VIEW_ROUTES = {
  myShifts: { procedure: 'rota.myShifts', method: 'GET', path: '/api/rota/my-shifts' },
  issueFeed: { procedure: 'account.issueCalendarFeed', method: 'POST', path: '/api/account/calendar-feed' },
  endFeed: { procedure: 'account.endCalendarFeed', method: 'DELETE', path: '/api/account/calendar-feed' },
  exportCsv: { procedure: 'rota.schedules.exportCsv', method: 'GET', path: '/api/rota/schedules/{id}/export.csv' },
  print: { procedure: 'rota.schedules.print', method: 'GET', path: '/api/rota/schedules/{id}/print' },
} as const satisfies Record<string, Route>;

/** A shift type made over REST by a manager; answers its id. */
export async function createShiftType(manager: TestClient, body: { code: string; name: string; start: string; end: string }): Promise<number> {
  const answer = await callRoute(manager, 'rest', ROUTES.createShiftType, body);
  if (answer.status !== 201) throw new Error(`shift type: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.shiftType.id;
}

export interface Cell {
  userId: number;
  date: string;
  shiftTypeId: number | null;
}

/** A schedule of the manager's ward with these cells, over REST; published unless `publish` is false. Answers its id. */
export async function scheduleWith(manager: TestClient, period: { startDate: string; endDate: string } | { jalaliMonth: string }, cells: Cell[], publish = true): Promise<number> {
  const created = await callRoute(manager, 'rest', SCHEDULE_ROUTES.createSchedule, period);
  if (created.status !== 201) throw new Error(`schedule: ${created.status} ${JSON.stringify(created.body)}`);
  const { id, version } = created.body.schedule as { id: number; version: number };
  if (cells.length) {
    const set = await callRoute(manager, 'rest', SCHEDULE_ROUTES.setAssignments, { id, version, set: cells });
    if (set.status !== 200) throw new Error(`assignments: ${set.status} ${JSON.stringify(set.body)}`);
  }
  if (publish) {
    const published = await callRoute(manager, 'rest', SCHEDULE_ROUTES.publishSchedule, { id, acceptViolations: true });
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  }
  return id;
}

/** Bytes of a GET as the service sent them (fetch's `text()` would drop a byte order mark). */
export async function rawGet(client: TestClient, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(path, client.baseUrl), { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
