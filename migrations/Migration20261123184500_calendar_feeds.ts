import { Migration } from '@mikro-orm/migrations';

export class Migration20261123184500_calendar_feeds extends Migration {

  override name = 'Migration20261123184500_calendar_feeds';

  override up(): void | Promise<void> {
    this.addSql(`create table "calendar_feed" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_user_unique" unique ("user_id");`);
    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "calendar_feed" add constraint "calendar_feed_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "calendar_feed" cascade;`);
  }

}
