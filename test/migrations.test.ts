import { describe, expect, it } from '@jest/globals';
import { migrate, openOrm } from '../server/db/orm.js';
import { migrationsList } from '../migrations/index.js';
import { createTestDatabase } from './support/database.js';

describe('migrations', () => {
  it('are applied once even when several processes start together on one database', async () => {
    const database = await createTestDatabase({ empty: true });
    const orms = await Promise.all([1, 2, 3].map(() => openOrm(database.url)));
    try {
      await Promise.all(orms.map((orm) => migrate(orm, database.url)));
      const applied = await orms[0]!.em.fork().execute<{ name: string }[]>('select name from mikro_orm_migrations order by id');
      expect(applied.map((row) => row.name)).toEqual(migrationsList.map((m) => m.name));
      expect(await orms[0]!.migrator.getPending()).toEqual([]);
    } finally {
      await Promise.all(orms.map((orm) => orm.close()));
      await database.drop();
    }
  });

  it('leave nothing between the entities and the schema: a new migration would be empty', async () => {
    const database = await createTestDatabase({ empty: true });
    const orm = await openOrm(database.url);
    try {
      await migrate(orm, database.url);
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
    } finally {
      await orm.close();
      await database.drop();
    }
  });
});
