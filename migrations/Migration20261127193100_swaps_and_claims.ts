import { Migration } from '@mikro-orm/migrations';

// Swaps between staff and claims of open shifts on published schedules, and whether a ward's swaps wait for a manager.
export class Migration20261127193100_swaps_and_claims extends Migration {

  override name = 'Migration20261127193100_swaps_and_claims';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ward_rota_settings" add "swap_approval" text not null default 'manager';`);
    this.addSql(`alter table "ward_rota_settings" add constraint "ward_rota_settings_swap_approval_check" check ("swap_approval" in ('manager', 'none'));`);
    this.addSql(`create table "shift_swap" ("id" serial primary key, "ward_id" int not null, "schedule_id" int not null, "from_user_id" int not null, "to_user_id" int not null, "date" date not null, "their_date" date not null, "cells" jsonb not null, "status" text not null, "note" varchar(500) null, "decision_note" varchar(500) null, "decided_by_id" int null, "decided_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "shift_swap_schedule_index" on "shift_swap" ("schedule_id");`);
    this.addSql(`create index "shift_swap_from_user_index" on "shift_swap" ("from_user_id");`);
    this.addSql(`create index "shift_swap_to_user_index" on "shift_swap" ("to_user_id");`);

    this.addSql(`create table "shift_claim" ("id" serial primary key, "ward_id" int not null, "schedule_id" int not null, "user_id" int not null, "date" date not null, "shift_type_id" int not null, "skill" varchar(50) not null, "status" text not null, "decision_note" varchar(500) null, "decided_by_id" int null, "decided_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "shift_claim_schedule_index" on "shift_claim" ("schedule_id");`);
    this.addSql(`create index "shift_claim_user_index" on "shift_claim" ("user_id");`);
    this.addSql(`create index "shift_claim_shift_type_index" on "shift_claim" ("shift_type_id");`);

    this.addSql(`alter table "shift_swap" add constraint "shift_swap_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_swap" add constraint "shift_swap_schedule_id_foreign" foreign key ("schedule_id") references "schedule" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_swap" add constraint "shift_swap_from_user_id_foreign" foreign key ("from_user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_swap" add constraint "shift_swap_to_user_id_foreign" foreign key ("to_user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_swap" add constraint "shift_swap_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "shift_swap" add constraint "shift_swap_status_check" check ("status" in ('offered', 'accepted', 'declined', 'cancelled', 'approved', 'rejected', 'stale'));`);

    this.addSql(`alter table "shift_claim" add constraint "shift_claim_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_claim" add constraint "shift_claim_schedule_id_foreign" foreign key ("schedule_id") references "schedule" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_claim" add constraint "shift_claim_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_claim" add constraint "shift_claim_shift_type_id_foreign" foreign key ("shift_type_id") references "shift_type" ("id") on delete cascade;`);
    this.addSql(`alter table "shift_claim" add constraint "shift_claim_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "shift_claim" add constraint "shift_claim_status_check" check ("status" in ('pending', 'approved', 'rejected', 'cancelled', 'stale'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "shift_claim" cascade;`);
    this.addSql(`drop table if exists "shift_swap" cascade;`);
    this.addSql(`alter table "ward_rota_settings" drop column "swap_approval";`);
  }

}
