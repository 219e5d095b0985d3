import { Hospital } from '../../server/db/entities/hospital.js';
import { User, type UserRole } from '../../server/db/entities/user.js';
import { Ward } from '../../server/db/entities/ward.js';
import { usernameKey } from '../../server/services/accounts/username-key.js';
import { signToken } from '../../server/services/sessions/tokens.js';
import { runSetup } from '../../server/services/setup/run-setup.js';
import { createWard } from '../../server/services/wards/create-ward.js';
import { SESSION_COOKIE } from '../../server/trpc/session-cookie.js';
import type { TestClient } from './client.js';
import type { TestServer } from './test-server.js';

export const ADMIN = { username: 'admin', password: 'admin-password-1', name: 'Head Admin' };
const SETUP = { hospitalName: 'Imam Hospital', wardName: 'ICU', name: ADMIN.name, username: ADMIN.username, password: ADMIN.password };

export interface Installation {
  /** Signed in as the super admin created by setup. */
  admin: TestClient;
  adminId: number;
  hospitalId: number;
  wardId: number;
}

/** First-run setup over HTTP, as a new hospital would do it. */
export async function setUpInstallation(server: TestServer): Promise<Installation> {
  const admin = server.client();
  const response = await admin.post('/api/auth/setup', SETUP);
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${response.text}`);
  const user = await server.em().findOneOrFail(User, response.body.user.id);
  return { admin, adminId: user.id, hospitalId: user.hospital.id, wardId: user.ward.id };
}

/**
 * The installation `setUpInstallation` makes, on an emptied database, without HTTP: the setup service
 * itself, called as the request from a test client (address 127.0.0.1, user agent `node`) would call it.
 */
export async function restoreInstallation(server: TestServer): Promise<Installation> {
  await server.reset();
  const { services } = server;
  const { user, token } = await runSetup(server.em(), SETUP, {
    now: server.clock.now(),
    client: { ip: '127.0.0.1', userAgent: 'node' },
    hasher: services.hasher,
    config: services.config,
    presentedToken: null,
  });
  const admin = server.client();
  admin.cookies.set(SESSION_COOKIE, signToken(token, services.sessionSecret));
  return { admin, adminId: user.id, hospitalId: user.hospital.id, wardId: user.ward.id };
}

/** A ward written straight to the database, for tests that need one before the wards API is in play. */
export async function insertWard(server: TestServer, hospitalId: number, name: string): Promise<number> {
  return (await createWard(server.em(), { hospitalId, name }, { now: server.clock.now() })).id;
}

export interface InsertUserOptions {
  hospitalId: number;
  wardId: number;
  username: string;
  password: string;
  name?: string;
  role?: UserRole;
  isSuperAdmin?: boolean;
  mustChangePassword?: boolean;
  active?: boolean;
}

/** An account written straight to the database (hashed as the service would hash it). */
export async function insertUser(server: TestServer, options: InsertUserOptions): Promise<number> {
  const em = server.em();
  const now = server.clock.now();
  const user = em.create(User, {
    hospital: em.getReference(Hospital, options.hospitalId),
    ward: em.getReference(Ward, options.wardId),
    name: options.name ?? options.username,
    username: options.username,
    usernameKey: usernameKey(options.username),
    passwordHash: await server.services.hasher.hash(options.password),
    role: options.role ?? 'employee',
    isSuperAdmin: options.isSuperAdmin ?? false,
    mustChangePassword: options.mustChangePassword ?? false,
    active: options.active ?? true,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return user.id;
}

/** Signs in over HTTP and returns the client holding the session cookie. */
export async function signIn(server: TestServer, username: string, password: string): Promise<TestClient> {
  const client = server.client();
  const response = await client.post('/api/auth/login', { username, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return client;
}

export interface SignedInUser {
  id: number;
  /** Holds the new account's session cookie. */
  client: TestClient;
}

/**
 * An account written straight to the database in the hospital of `home` (an Installation will do), in
 * its ward unless `options.wardId` names another, then signed in over HTTP.
 */
export async function insertSignedInUser(
  server: TestServer,
  home: Pick<Installation, 'hospitalId' | 'wardId'>,
  options: Omit<InsertUserOptions, 'hospitalId' | 'wardId'> & { wardId?: number },
): Promise<SignedInUser> {
  const id = await insertUser(server, { ...options, hospitalId: home.hospitalId, wardId: options.wardId ?? home.wardId });
  return { id, client: await signIn(server, options.username, options.password) };
}
