import { Migration } from '@mikro-orm/migrations';
import { usernameKey } from '../server/services/accounts/username-key.js';

/**
 * Usernames are compared by a folded key (look-alike letters, Persian and Arabic forms, accents): the
 * column grows to the key's bound and every stored key is recomputed. When two existing accounts fold to
 * one key, the older keeps it and the newer keeps its former key, so no account is lost.
 */
export class Migration20261123180000_username_folded_key extends Migration {

  override name = 'Migration20261123180000_username_folded_key';

  override async up(): Promise<void> {
    await this.execute(`alter table "app_user" alter column "username_key" type varchar(128);`);
    const users = (await this.execute(`select "id", "username", "username_key" from "app_user" order by "id";`)) as { id: number; username: string; username_key: string }[];
    const taken = new Set(users.map((user) => user.username_key));
    for (const user of users) {
      const key = usernameKey(user.username);
      if (key === user.username_key || taken.has(key)) continue;
      await this.execute(`update "app_user" set "username_key" = ? where "id" = ?;`, [key, user.id]);
      taken.delete(user.username_key);
      taken.add(key);
    }
  }

  override async down(): Promise<void> {
    await this.execute(`update "app_user" set "username_key" = lower("username");`);
    await this.execute(`alter table "app_user" alter column "username_key" type varchar(64);`);
  }

}
