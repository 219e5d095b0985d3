import { Migration } from '@mikro-orm/migrations';

export class Migration20261123180000_app_secret_and_cleanup_indexes extends Migration {

  override name = 'Migration20261123180000_app_secret_and_cleanup_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create table "app_secret" ("name" varchar(64) not null, "value" text not null, "created_at" timestamptz not null, primary key ("name"));`);
    this.addSql(`create index "login_failure_created_at_index" on "login_failure" ("created_at");`);
    this.addSql(`create index "session_expires_at_index" on "session" ("expires_at");`);
    this.addSql(`create index "auth_event_ip_type_created_at_index" on "auth_event" ("ip", "type", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "auth_event_ip_type_created_at_index";`);
    this.addSql(`drop index "session_expires_at_index";`);
    this.addSql(`drop index "login_failure_created_at_index";`);
    this.addSql(`drop table if exists "app_secret" cascade;`);
  }

}
