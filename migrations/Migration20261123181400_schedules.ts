import { Migration } from '@mikro-orm/migrations';

export class Migration20261123181400_schedules extends Migration {

  override name = 'Migration20261123181400_schedules';

  override up(): void | Promise<void> {
    this.addSql(`create table "schedule_cell_change" ("id" serial primary key, "ward_id" int not null, "schedule_id" int not null, "version" int not null, "user_id" int null, "date" date not null, "before_shift_type_id" int null, "before_shift_code" varchar(8) null, "before_skill" varchar(50) null, "after_shift_type_id" int null, "after_shift_code" varchar(8) null, "after_skill" varchar(50) null, "actor_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "schedule_cell_change_schedule_index" on "schedule_cell_change" ("schedule_id", "version");`);

    this.addSql(`create table "schedule" ("id" serial primary key, "ward_id" int not null, "start_date" date not null, "end_date" date not null, "status" text not null, "version" int not null, "published_at" timestamptz null, "published_by_id" int null, "created_by_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "schedule_ward_period_index" on "schedule" ("ward_id", "start_date", "end_date");`);

    this.addSql(`create table "schedule_carry_in" ("id" serial primary key, "schedule_id" int not null, "user_id" int not null, "last_shift_type_id" int null, "consecutive_working_days" int not null, "consecutive_days_off" int not null, "consecutive_same_shift" int not null);`);
    this.addSql(`create index "schedule_carry_in_user_index" on "schedule_carry_in" ("user_id");`);
    this.addSql(`create index "schedule_carry_in_shift_type_index" on "schedule_carry_in" ("last_shift_type_id");`);
    this.addSql(`alter table "schedule_carry_in" add constraint "schedule_carry_in_person_unique" unique ("schedule_id", "user_id");`);

    this.addSql(`create table "assignment" ("id" serial primary key, "schedule_id" int not null, "user_id" int not null, "date" date not null, "shift_type_id" int not null, "skill" varchar(50) not null, "pinned" boolean not null);`);
    this.addSql(`create index "assignment_user_index" on "assignment" ("user_id");`);
    this.addSql(`create index "assignment_shift_type_index" on "assignment" ("shift_type_id");`);
    this.addSql(`alter table "assignment" add constraint "assignment_cell_unique" unique ("schedule_id", "user_id", "date");`);

    this.addSql(`alter table "schedule_cell_change" add constraint "schedule_cell_change_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_cell_change" add constraint "schedule_cell_change_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "schedule_cell_change" add constraint "schedule_cell_change_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`alter table "schedule" add constraint "schedule_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule" add constraint "schedule_published_by_id_foreign" foreign key ("published_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "schedule" add constraint "schedule_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "schedule" add constraint "schedule_status_check" check ("status" in ('draft', 'published'));`);

    this.addSql(`alter table "schedule_carry_in" add constraint "schedule_carry_in_schedule_id_foreign" foreign key ("schedule_id") references "schedule" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_carry_in" add constraint "schedule_carry_in_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_carry_in" add constraint "schedule_carry_in_last_shift_type_id_foreign" foreign key ("last_shift_type_id") references "shift_type" ("id") on delete restrict;`);

    this.addSql(`alter table "assignment" add constraint "assignment_schedule_id_foreign" foreign key ("schedule_id") references "schedule" ("id") on delete cascade;`);
    this.addSql(`alter table "assignment" add constraint "assignment_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "assignment" add constraint "assignment_shift_type_id_foreign" foreign key ("shift_type_id") references "shift_type" ("id") on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "schedule_carry_in" drop constraint "schedule_carry_in_schedule_id_foreign";`);
    this.addSql(`alter table "assignment" drop constraint "assignment_schedule_id_foreign";`);

    this.addSql(`drop table if exists "schedule_cell_change" cascade;`);
    this.addSql(`drop table if exists "schedule" cascade;`);
    this.addSql(`drop table if exists "schedule_carry_in" cascade;`);
    this.addSql(`drop table if exists "assignment" cascade;`);
  }

}
