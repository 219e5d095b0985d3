import { describe, expect, it } from '@jest/globals';
import { User } from '../server/db/entities/user.js';
import { useFreshInstallation } from './support/suite.js';

describe('a unique violation', () => {
  const { server, installation } = useFreshInstallation();

  it('is username_taken only when it is the username index that was violated', async () => {
    // Some other unique rule of the schema, here one on email addresses.
    await server.em().execute('create unique index app_user_email_test_unique on app_user (email)');
    try {
      const first = { name: 'Sara', username: 'sara', password: 'initial-pass-1', email: 'ward@example.com' };
      expect((await installation.admin.post('/api/employees', first)).status).toBe(201);
      const second = await installation.admin.post('/api/employees', { ...first, name: 'Reza', username: 'reza' });
      expect(second.status).toBe(500);
      expect(second.body.code).toBe('internal');
      expect(await server.em().count(User, { usernameKey: 'reza' })).toBe(0);
      const taken = await installation.admin.post('/api/employees', { ...first, email: 'other@example.com' });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('username_taken');
    } finally {
      await server.em().execute('drop index app_user_email_test_unique');
    }
  });

  it('is ward_name_taken only when it is the ward name index that was violated', async () => {
    await server.em().execute('create unique index ward_created_at_test_unique on ward (created_at)');
    try {
      // The clock stands still, so a second ward has the first one's creation time.
      const other = await installation.admin.post('/api/wards', { name: 'Night ward' });
      expect(other.status).toBe(500);
      expect(other.body.code).toBe('internal');
      await server.em().execute('drop index ward_created_at_test_unique');
      expect((await installation.admin.post('/api/wards', { name: 'Night ward' })).status).toBe(201);
      const taken = await installation.admin.post('/api/wards', { name: 'NIGHT WARD' });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('ward_name_taken');
    } finally {
      await server.em().execute('drop index if exists ward_created_at_test_unique');
    }
  });
});
