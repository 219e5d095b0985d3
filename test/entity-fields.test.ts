import { describe, expect, it } from '@jest/globals';
import { User } from '../server/db/entities/user.js';
import { Ward } from '../server/db/entities/ward.js';
import { useFreshInstallation } from './support/suite.js';

describe('entities the ORM loads', () => {
  const { server, installation } = useFreshInstallation();

  it('hold their fields as plain properties, no accessor defined on each one loaded', async () => {
    const user = await server.em().findOneOrFail(User, installation.adminId);
    const ward = await server.em().findOneOrFail(Ward, installation.wardId);
    for (const [entity, fields] of [
      [user, ['name', 'role', 'active', 'ward']],
      [ward, ['name', 'hospital']],
    ] as const) {
      for (const field of fields) {
        const descriptor = Object.getOwnPropertyDescriptor(entity, field);
        expect({ field, accessor: descriptor?.get !== undefined || descriptor?.set !== undefined, data: descriptor !== undefined && 'value' in descriptor }).toEqual({
          field,
          accessor: false,
          data: true,
        });
      }
    }
  });

  it('still have their changes found and written by a flush', async () => {
    const em = server.em();
    const user = await em.findOneOrFail(User, installation.adminId);
    user.name = 'Renamed by a flush';
    await em.flush();
    expect((await server.em().findOneOrFail(User, installation.adminId)).name).toBe('Renamed by a flush');
  });
});
