import { Migration } from '@mikro-orm/migrations';

// Notifications to accounts; the way each audited cell change came (every change before this was a manual edit);
// the reason of a leave (every leave before this was annual).
export class Migration20261127193000_notifications_and_cell_routes extends Migration {

  override name = 'Migration20261127193000_notifications_and_cell_routes';

  override up(): void | Promise<void> {
    this.addSql(`create table "notification" ("id" serial primary key, "user_id" int not null, "kind" text not null, "data" jsonb not null, "created_at" timestamptz not null, "read_at" timestamptz null);`);
    this.addSql(`create index "notification_user_index" on "notification" ("user_id", "id");`);
    this.addSql(`alter table "notification" add constraint "notification_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('shift_changed', 'schedule_published', 'swap_offered', 'swap_accepted', 'swap_declined', 'swap_decided', 'claim_decided', 'request_decided'));`);

    this.addSql(`alter table "schedule_cell_change" add "route" text not null default 'edit';`);
    this.addSql(`alter table "schedule_cell_change" alter column "route" drop default;`);
    this.addSql(`alter table "schedule_cell_change" add constraint "schedule_cell_change_route_check" check ("route" in ('edit', 'swap', 'claim', 'repair'));`);

    this.addSql(`alter table "rota_request" add "reason" text null;`);
    this.addSql(`update "rota_request" set "reason" = 'annual' where "kind" = 'leave';`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_reason_check" check ("reason" in ('annual', 'sick', 'other'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notification" cascade;`);
    this.addSql(`alter table "rota_request" drop constraint "rota_request_reason_check";`);
    this.addSql(`alter table "rota_request" drop column "reason";`);
    this.addSql(`alter table "schedule_cell_change" drop constraint "schedule_cell_change_route_check";`);
    this.addSql(`alter table "schedule_cell_change" drop column "route";`);
  }

}
