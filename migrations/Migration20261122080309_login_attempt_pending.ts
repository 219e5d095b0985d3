import { Migration } from '@mikro-orm/migrations';

export class Migration20261122080309_login_attempt_pending extends Migration {

  override name = 'Migration20261122080309_login_attempt_pending';

  override up(): void | Promise<void> {
    this.addSql(`alter table "login_failure" add "pending" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "login_failure" drop column "pending";`);
  }

}
