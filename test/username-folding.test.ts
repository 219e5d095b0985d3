import { describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from '../migrations/index.js';
import { migrate, openOrm } from '../server/db/orm.js';
import { User } from '../server/db/entities/user.js';
import { USERNAME_KEY_MAX, usernameKey } from '../server/services/accounts/username-key.js';
import { PASSKEY_KEY_PREFIX } from '../server/services/passkeys/passkey-throttle-key.js';
import { createTestDatabase } from './support/database.js';
import { useFreshInstallation } from './support/suite.js';

const PASSWORD = 'initial-pass-1';

// Each pair: the name an account was created with, and a look-alike a person could take for it.
const LOOK_ALIKES: [string, string, string][] = [
  ['Cyrillic а', 'admin2', 'аdmin2'],
  ['fullwidth letters', 'admin2', 'ａｄｍｉｎ2'],
  ['dotless ı', 'admin2', 'admın2'],
  ['a combining accent', 'admin2', 'admin\u03012'],
  ['upper case', 'admin2', 'ADMIN2'],
  ['Arabic yeh', 'علی', 'علي'],
  ['Arabic alef maksura', 'علی', 'على'],
  ['Arabic kaf', 'کاربر', 'كاربر'],
  ['a tatweel', 'کاربر', 'کاربــر'],
];

describe('usernames compared by one folded key', () => {
  const { server, installation } = useFreshInstallation();

  it.each(LOOK_ALIKES)('refuses a username that differs from a taken one only by %s with 409 username_taken', async (_, taken, lookAlike) => {
    const first = await installation.admin.post('/api/employees', { name: 'First', username: taken, password: PASSWORD });
    expect(first.status).toBe(201);
    const second = await installation.admin.post('/api/employees', { name: 'Second', username: lookAlike, password: PASSWORD });
    expect([second.status, second.body.code]).toEqual([409, 'username_taken']);
    expect(await server.em().count(User, { name: 'Second' })).toBe(0);
  });

  it.each(LOOK_ALIKES)('signs in with a username typed with %s', async (_, taken, typed) => {
    expect((await installation.admin.post('/api/employees', { name: 'Nurse', username: taken, password: PASSWORD })).status).toBe(201);
    const login = await server.client().post('/api/auth/login', { username: typed, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe(taken);
  });

  it('keeps letters of every script and tells different names apart', async () => {
    for (const username of ['иван', 'Ἀθηνᾶ', '李小龙', 'नर्स', 'علی', 'عالی', 'ali', 'ari']) {
      const created = await installation.admin.post('/api/employees', { name: username, username, password: PASSWORD });
      expect([username, created.status]).toEqual([username, 201]);
    }
  });

  it('keeps a username that grows when folded within the key column, answering 201 and 409, never 500', async () => {
    const growing = 'ﷺ'.repeat(64);
    expect([...usernameKey(growing)].length).toBe(USERNAME_KEY_MAX);
    const created = await installation.admin.post('/api/employees', { name: 'Long', username: growing, password: PASSWORD });
    expect(created.status).toBe(201);
    const again = await installation.admin.post('/api/employees', { name: 'Again', username: growing, password: PASSWORD });
    expect([again.status, again.body.code]).toEqual([409, 'username_taken']);
    expect((await installation.admin.post('/api/employees', { name: 'Dotted', username: 'İ'.repeat(64), password: PASSWORD })).status).toBe(201);
    expect((await server.client().post('/api/auth/login', { username: growing, password: PASSWORD })).status).toBe(200);
    const longest = await server.client().post('/api/auth/login', { username: 'ﷺ'.repeat(200), password: PASSWORD });
    expect([longest.status, longest.body.code]).toEqual([401, 'invalid_credentials']);
  });
});

describe('the folded-key migration', () => {
  it('recomputes the stored keys, leaving the newer of two accounts that fold together its former key', async () => {
    // Empty: the run's template database has every migration applied already.
    const database = await createTestDatabase({ empty: true });
    const orm: MikroORM = await openOrm(database.url);
    try {
      const before = migrationsList.findIndex((migration) => migration.name === 'Migration20261123180000_username_folded_key');
      await orm.migrator.up({ to: migrationsList[before - 1]!.name });
      const em = orm.em.fork();
      await em.execute(`insert into hospital (name, created_at) values ('H', now())`);
      const hospitalId = (await em.execute<{ id: number }[]>('select id from hospital'))[0]!.id;
      await em.execute(`insert into ward (hospital_id, name, name_key, created_at) values (?, 'W', 'w', now())`, [hospitalId]);
      const wardId = (await em.execute<{ id: number }[]>('select id from ward'))[0]!.id;
      for (const username of ['كاربر', 'کاربر', 'Sara']) {
        await em.execute(
          `insert into app_user (hospital_id, ward_id, name, username, username_key, password_hash, role, created_at, updated_at)
           values (?, ?, ?, ?, ?, 'x', 'employee', now(), now())`,
          [hospitalId, wardId, username, username, username.toLowerCase()],
        );
      }
      await migrate(orm, database.url);
      const rows = await em.execute<{ username: string; username_key: string }[]>('select username, username_key from app_user order by id');
      expect(rows).toEqual([
        { username: 'كاربر', username_key: usernameKey('کاربر') },
        { username: 'کاربر', username_key: 'کاربر' },
        { username: 'Sara', username_key: 'sara' },
      ]);
    } finally {
      await orm.close();
      await database.drop();
    }
  });
});

describe('the keys of usernames', () => {
  it('never hold the separator of the sign-in throttle’s passkey keys, whatever letters, marks and digits they are made of', () => {
    const separator = PASSKEY_KEY_PREFIX.slice(-1);
    const allowed = /^[\p{L}\p{M}\p{Nd}._-]$/u;
    const producing: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (allowed.test(character) && usernameKey(`a${character}a`).includes(separator)) producing.push(character);
    }
    expect(producing).toEqual([]);
    // Folding does turn some letters into ":", which is why it is not the separator.
    expect(usernameKey('aːa')).toBe('a:a');
  });
});
