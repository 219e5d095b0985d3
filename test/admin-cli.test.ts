import { beforeAll, describe, expect, it } from '@jest/globals';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { runAdmin } from './support/admin-cli.js';
import { compiledProject } from './support/build.js';
import { ADMIN, insertUser, setUpInstallation, type Installation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';


describe('the admin command line', () => {
  const server = useTestServer();
  let installation: Installation;
  let build: { dir: string };

  /** Runs `npm run admin -- ...args` as the built script, with no terminal attached. */
  const admin = (args: string[], credentials?: { username?: string; password?: string }) => runAdmin(build.dir, server.url, args, credentials);

  beforeAll(async () => {
    build = await compiledProject();
    installation = await setUpInstallation(server);
  }, 120_000);

  it('creates and lists wards', async () => {
    const created = await admin(['wards:create', 'Cardiology']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toMatch(/created ward \d+ Cardiology/);
    const listed = await admin(['wards:list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^id\s+name$/m);
    expect(listed.stdout).toMatch(/ICU/);
    expect(listed.stdout).toMatch(/Cardiology/);
  });

  it('provisions staff in the selected ward, and resets, deactivates and activates them', async () => {
    const wards = await admin(['wards:create', 'Oncology']);
    const wardId = /created ward (\d+)/.exec(wards.stdout)![1]!;
    const created = await admin(['employees:create', '--ward', wardId, '--name', 'Leila', '--username', 'leila', '--password', 'initial-pass']);
    expect(created.code).toBe(0);
    const id = Number(/created user (\d+) leila/.exec(created.stdout)![1]);
    const user = await server.em().findOneOrFail(User, id);
    expect(user).toMatchObject({ ward: { id: Number(wardId) }, role: 'employee', mustChangePassword: true });

    const listed = await admin(['employees:list', '--ward', wardId]);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+leila\\s+Leila\\s+employee\\s+true\\s+true$`, 'm'));

    expect((await admin(['employees:reset-password', String(id), '--password', 'another-pass'])).code).toBe(0);
    expect((await server.client().post('/api/auth/login', { username: 'leila', password: 'another-pass' })).status).toBe(200);

    expect((await admin(['employees:deactivate', String(id)])).stdout).toContain('deactivated');
    expect(await server.em().count(Session, { user: id, revokedAt: null })).toBe(0);
    expect((await server.client().post('/api/auth/login', { username: 'leila', password: 'another-pass' })).status).toBe(403);
    expect((await admin(['employees:activate', String(id)])).code).toBe(0);
    expect((await server.client().post('/api/auth/login', { username: 'leila', password: 'another-pass' })).status).toBe(200);
  });

  it('prints the url of a new invitation, which the service then recognises', async () => {
    const result = await admin(['invites:create', '--role', 'staff', '--name', 'Sara', '--days', '3']);
    expect(result.code).toBe(0);
    const url = result.stdout.split('\n')[0]!;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/invite\/[A-Za-z0-9_-]{22,}$/);
    const token = url.split('/invite/')[1]!;
    const read = await server.client().get(`/api/invite/${token}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ role: 'staff', name: 'Sara', ward: { id: installation.wardId } });
  });

  it('lists the sessions of the signed-in account and revokes the others', async () => {
    const browser = server.client();
    await browser.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    const listed = await admin(['sessions:list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^id\s+createdAt\s+lastSeenAt/m);
    expect(listed.stdout).toMatch(/\byes$/m);
    const revoked = await admin(['sessions:revoke-others']);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/revoked [1-9]\d* other sessions?/);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('signs out when it is done, leaving no session of its own', async () => {
    await admin(['wards:list']);
    await admin(['sessions:revoke-others']);
    // Only the session of the run above may remain live, and it signed itself out.
    expect(await server.em().count(Session, { user: installation.adminId, revokedAt: null })).toBe(0);
  });

  it('fails with one line and a non-zero exit on wrong credentials', async () => {
    const result = await admin(['wards:list'], { username: ADMIN.username, password: 'not-the-password' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^admin: invalid_credentials: /);
  });

  it('reports a refusal of the service by its code', async () => {
    await insertUser(server, { ...installation, username: 'nurse7', password: 'nurse-pass-7' });
    const result = await admin(['wards:create', 'Nope'], { username: 'nurse7', password: 'nurse-pass-7' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^admin: forbidden: .+$/);
  });

  it('explains its usage for an unknown command or missing credentials, with exit code 2', async () => {
    const unknown = await admin(['wards:explode']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^admin: unknown command "wards:explode"/);
    expect(unknown.stderr).toContain('usage: npm run admin');
    const noCredentials = await admin(['wards:list'], {});
    expect(noCredentials.code).toBe(2);
    expect(noCredentials.stderr).toMatch(/^admin: username is required/);
  });
});
