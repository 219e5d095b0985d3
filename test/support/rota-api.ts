import type { TestClient } from './client.js';
import { insertUser, insertWard, signIn, type Installation } from './fixtures.js';
import type { TestServer } from './test-server.js';

/** The two faces every rota rule is checked on: REST under /api and tRPC under /trpc, both over real HTTP. */
export type Face = 'rest' | 'trpc';
export const FACES: Face[] = ['rest', 'trpc'];

export interface Route {
  procedure: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `{param}` placeholders filled from the input. */
  path: string;
}

export interface ApiAnswer {
  status: number;
  /** The REST body, or the tRPC result's data; on failure the Error shape on both. */
  body: any;
  /** The error code, on failure. */
  code: string | undefined;
  headers: Headers;
}

export interface CallOptions {
  ward?: number;
  headers?: Record<string, string>;
}

/** Calls `route` with `input` on `face` as `client`; a tRPC failure is reported as the REST one would be. */
export async function callRoute(client: TestClient, face: Face, route: Route, input?: Record<string, unknown>, options: CallOptions = {}): Promise<ApiAnswer> {
  const headers = { ...options.headers, ...(options.ward !== undefined ? { 'X-Ward': String(options.ward) } : {}) };
  if (face === 'rest') {
    const rest: Record<string, unknown> = { ...input };
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(String(value));
    });
    let response;
    if (route.method === 'GET' || route.method === 'DELETE') {
      const query = new URLSearchParams(Object.entries(rest).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString();
      response = await client.request(route.method, query ? `${path}?${query}` : path, { headers });
    } else {
      response = await client.request(route.method, path, { body: rest, headers });
    }
    return { status: response.status, body: response.body, code: response.status >= 400 ? response.body?.code : undefined, headers: response.headers };
  }
  const url = `/trpc/${route.procedure}`;
  const response =
    route.method === 'GET'
      ? await client.get(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await client.request('POST', url, { body: input ?? {}, headers });
  if (response.status >= 400) {
    // Refusals before tRPC runs (415, 413, invalid JSON) answer the plain Error shape on /trpc too.
    if (typeof response.body?.code === 'string') return { status: response.status, body: response.body, code: response.body.code, headers: response.headers };
    const data = response.body?.error?.data ?? {};
    return { status: response.status, body: { error: data.error, code: data.code, ...(data.issues ? { issues: data.issues } : {}) }, code: data.code, headers: response.headers };
  }
  return { status: response.status, body: response.body?.result?.data, code: undefined, headers: response.headers };
}

/** What a successful create answers with: 201 on REST, 200 on tRPC. */
export function createdStatus(face: Face): number {
  return face === 'rest' ? 201 : 200;
}

export const ROUTES = {
  readSettings: { procedure: 'rota.settings.read', method: 'GET', path: '/api/rota/settings' },
  replaceSettings: { procedure: 'rota.settings.replace', method: 'PUT', path: '/api/rota/settings' },
  listShiftTypes: { procedure: 'rota.shiftTypes.list', method: 'GET', path: '/api/rota/shift-types' },
  createShiftType: { procedure: 'rota.shiftTypes.create', method: 'POST', path: '/api/rota/shift-types' },
  updateShiftType: { procedure: 'rota.shiftTypes.update', method: 'PATCH', path: '/api/rota/shift-types/{id}' },
  deleteShiftType: { procedure: 'rota.shiftTypes.remove', method: 'DELETE', path: '/api/rota/shift-types/{id}' },
  listContracts: { procedure: 'rota.contracts.list', method: 'GET', path: '/api/rota/contracts' },
  createContract: { procedure: 'rota.contracts.create', method: 'POST', path: '/api/rota/contracts' },
  updateContract: { procedure: 'rota.contracts.update', method: 'PATCH', path: '/api/rota/contracts/{id}' },
  deleteContract: { procedure: 'rota.contracts.remove', method: 'DELETE', path: '/api/rota/contracts/{id}' },
  listStaff: { procedure: 'rota.staff.list', method: 'GET', path: '/api/rota/staff' },
  setProfile: { procedure: 'rota.staff.setProfile', method: 'PUT', path: '/api/rota/staff/{userId}' },
  removeProfile: { procedure: 'rota.staff.removeProfile', method: 'DELETE', path: '/api/rota/staff/{userId}' },
  readCoverage: { procedure: 'rota.coverage.read', method: 'GET', path: '/api/rota/coverage' },
  replaceCoverage: { procedure: 'rota.coverage.replace', method: 'PUT', path: '/api/rota/coverage' },
  listHolidays: { procedure: 'rota.holidays.list', method: 'GET', path: '/api/rota/holidays' },
  createHoliday: { procedure: 'rota.holidays.create', method: 'POST', path: '/api/rota/holidays' },
  deleteHoliday: { procedure: 'rota.holidays.remove', method: 'DELETE', path: '/api/rota/holidays/{date}' },
  listRequests: { procedure: 'rota.requests.list', method: 'GET', path: '/api/rota/requests' },
  createRequest: { procedure: 'rota.requests.create', method: 'POST', path: '/api/rota/requests' },
  approveRequest: { procedure: 'rota.requests.approve', method: 'POST', path: '/api/rota/requests/{id}/approve' },
  rejectRequest: { procedure: 'rota.requests.reject', method: 'POST', path: '/api/rota/requests/{id}/reject' },
  cancelRequest: { procedure: 'rota.requests.cancel', method: 'POST', path: '/api/rota/requests/{id}/cancel' },
} as const satisfies Record<string, Route>;

export interface RotaPeople {
  /** The super admin of the installation (home ward: `wardId`). */
  admin: TestClient;
  /** A head nurse (manager) of the home ward. */
  manager: { id: number; client: TestClient };
  /** An employee of the home ward. */
  employee: { id: number; client: TestClient };
  /** A second employee of the home ward. */
  colleague: { id: number; client: TestClient };
  wardId: number;
  /** Another ward of the hospital, with its own head nurse and employee. */
  otherWardId: number;
  otherManager: { id: number; client: TestClient };
  otherEmployee: { id: number; client: TestClient };
}

const PASSWORD = 'rota-password-1';

/** A home ward with a head nurse and two employees, and a second ward with a head nurse and an employee. */
export async function setUpRotaPeople(server: TestServer, installation: Installation): Promise<RotaPeople> {
  const otherWardId = await insertWard(server, installation.hospitalId, 'Surgery');
  const home = { hospitalId: installation.hospitalId, wardId: installation.wardId };
  const accounts = [
    { username: 'head', password: PASSWORD, role: 'manager' as const, name: 'Head Nurse', ...home },
    { username: 'sara', password: PASSWORD, name: 'Sara', ...home },
    { username: 'reza', password: PASSWORD, name: 'Reza', ...home },
    { username: 'other-head', password: PASSWORD, role: 'manager' as const, hospitalId: installation.hospitalId, wardId: otherWardId },
    { username: 'other-nurse', password: PASSWORD, hospitalId: installation.hospitalId, wardId: otherWardId },
  ];
  // Written one after another, so that ids follow this order; signed in all at once.
  const ids: number[] = [];
  for (const account of accounts) ids.push(await insertUser(server, account));
  const clients = await Promise.all(accounts.map((account) => signIn(server, account.username, account.password)));
  const person = (i: number) => ({ id: ids[i]!, client: clients[i]! });
  return { admin: installation.admin, manager: person(0), employee: person(1), colleague: person(2), wardId: installation.wardId, otherWardId, otherManager: person(3), otherEmployee: person(4) };
}
