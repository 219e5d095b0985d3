import { beforeEach, describe, expect, it } from '@jest/globals';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { Hospital } from '../server/db/entities/hospital.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { Ward } from '../server/db/entities/ward.js';
import { createPasswordHasher } from '../server/services/accounts/passwords.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

const SETUP = { hospitalName: 'Imam Hospital', wardName: 'ICU', name: 'Head Admin', username: 'Admin', password: 'admin-password-1' };

describe('first-run setup', () => {
  // The real argon2: one test here is about its parameters.
  const server = useTestServer({ hasher: createPasswordHasher() });
  beforeEach(() => server.reset());

  it('reports that setup is needed on an empty installation, and not after it', async () => {
    const client = server.client();
    expect((await client.get('/api/setup')).body).toEqual({ needsSetup: true });
    await setUpInstallation(server);
    const after = await client.get('/api/setup');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ needsSetup: false });
  });

  it('creates the hospital, its first ward and a super-admin manager, signs them in and answers 201', async () => {
    const client = server.client();
    const response = await client.post('/api/auth/setup', SETUP);
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      name: 'Head Admin',
      username: 'Admin',
      role: 'manager',
      isSuperAdmin: true,
      mustChangePassword: false,
      active: true,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|passwordHash|admin-password-1/);
    expect(client.sessionCookie).toBeDefined();

    const em = server.em();
    const hospital = await em.findOneOrFail(Hospital, { name: 'Imam Hospital' });
    const ward = await em.findOneOrFail(Ward, { name: 'ICU' });
    expect(ward.hospital.id).toBe(hospital.id);
    expect(response.body.user.wardId).toBe(ward.id);

    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(response.body.user.id);
  });

  it('answers 409 setup_complete once the first administrator exists, and changes nothing', async () => {
    await setUpInstallation(server);
    const response = await server.client().post('/api/auth/setup', { ...SETUP, username: 'intruder' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: expect.any(String), code: 'setup_complete' });
    expect(response.setCookies).toEqual([]);
    expect(await server.em().count(User, {})).toBe(1);
    expect(await server.em().count(Hospital, {})).toBe(1);
  });

  it('lets exactly one of 10 concurrent setups win', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => server.client().post('/api/auth/setup', { ...SETUP, username: `admin${i}` })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const em = server.em();
    expect(await em.count(User, {})).toBe(1);
    expect(await em.count(Hospital, {})).toBe(1);
    expect(await em.count(Ward, {})).toBe(1);
    expect(await em.count(Session, {})).toBe(1);
  });

  it.each([
    ['a missing hospital name', { ...SETUP, hospitalName: undefined }, 'hospitalName'],
    ['a blank ward name', { ...SETUP, wardName: '   ' }, 'wardName'],
    ['a 201-character name', { ...SETUP, name: 'x'.repeat(201) }, 'name'],
    ['a two-letter username', { ...SETUP, username: 'ab' }, 'username'],
    ['a username with a space', { ...SETUP, username: 'ali reza' }, 'username'],
    ['a five-character password', { ...SETUP, password: '12345' }, 'password'],
  ])('rejects %s with 400 invalid_input naming the field, and writes nothing', async (_, body, field) => {
    const response = await server.client().post('/api/auth/setup', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_input');
    expect(response.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field, message: expect.any(String) })]));
    expect(await server.em().count(User, {})).toBe(0);
    expect(await server.em().count(Hospital, {})).toBe(0);
    expect((await server.client().get('/api/setup')).body).toEqual({ needsSetup: true });
  });

  it('trims names and accepts usernames in any script', async () => {
    const response = await server.client().post('/api/auth/setup', { ...SETUP, name: '  مدیر  ', username: 'مدیر_۱' });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ name: 'مدیر', username: 'مدیر_۱' });
  });

  it('stores the password as an argon2id hash of at least 19 MiB and 2 passes', async () => {
    await setUpInstallation(server);
    const user = await server.em().findOneOrFail(User, { usernameKey: usernameKey(ADMIN.username) }, { populate: ['passwordHash'] });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(user.passwordHash).not.toContain(ADMIN.password);
  });
});
