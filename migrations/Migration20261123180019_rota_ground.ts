import { Migration } from '@mikro-orm/migrations';

export class Migration20261123180019_rota_ground extends Migration {

  override name = 'Migration20261123180019_rota_ground';

  override up(): void | Promise<void> {
    this.addSql(`create table "holiday" ("id" serial primary key, "hospital_id" int not null, "date" date not null, "name" varchar(200) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "holiday" add constraint "holiday_hospital_date_unique" unique ("hospital_id", "date");`);

    this.addSql(`create table "shift_type" ("id" serial primary key, "ward_id" int not null, "code" varchar(8) not null, "code_key" varchar(8) not null, "name" varchar(100) not null, "start_minute" int not null, "end_minute" int not null, "min_consecutive" int not null, "max_consecutive" int not null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "shift_type" add constraint "shift_type_ward_code_key_unique" unique ("ward_id", "code_key");`);

    this.addSql(`create table "forbidden_succession" ("id" serial primary key, "shift_type_id" int not null, "next_id" int not null);`);
    this.addSql(`create index "forbidden_succession_next_index" on "forbidden_succession" ("next_id");`);
    this.addSql(`alter table "forbidden_succession" add constraint "forbidden_succession_pair_unique" unique ("shift_type_id", "next_id");`);

    this.addSql(`create table "rota_request" ("id" serial primary key, "ward_id" int not null, "user_id" int not null, "kind" text not null, "date" date not null, "end_date" date not null, "shift_type_id" int null, "note" varchar(500) null, "status" text not null, "created_by_id" int null, "decided_by_id" int null, "decided_at" timestamptz null, "decision_note" varchar(500) null, "cancelled_by_id" int null, "cancelled_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "rota_request_user_index" on "rota_request" ("user_id");`);
    this.addSql(`create index "rota_request_shift_type_index" on "rota_request" ("shift_type_id");`);
    this.addSql(`create index "rota_request_ward_dates_index" on "rota_request" ("ward_id", "date", "end_date");`);

    this.addSql(`create table "rota_event" ("id" serial primary key, "type" varchar(64) not null, "ward_id" int not null, "object_type" varchar(32) not null, "object_id" int not null, "user_id" int null, "actor_id" int null, "note" varchar(500) null, "ip" varchar(64) null, "user_agent" varchar(512) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "rota_event_object_index" on "rota_event" ("object_type", "object_id");`);

    this.addSql(`create table "coverage_requirement" ("id" serial primary key, "ward_id" int not null, "shift_type_id" int not null, "skill" varchar(50) not null, "weekday" int null, "date" date null, "minimum" int not null, "optimal" int not null);`);
    this.addSql(`create index "coverage_requirement_ward_index" on "coverage_requirement" ("ward_id");`);
    this.addSql(`alter table "coverage_requirement" add constraint "coverage_requirement_weekday_unique" unique ("shift_type_id", "skill", "weekday");`);
    this.addSql(`alter table "coverage_requirement" add constraint "coverage_requirement_date_unique" unique ("shift_type_id", "skill", "date");`);

    this.addSql(`create table "contract" ("id" serial primary key, "ward_id" int not null, "name" varchar(100) not null, "name_key" varchar(100) not null, "min_assignments" int not null, "max_assignments" int not null, "min_consecutive_working_days" int not null, "max_consecutive_working_days" int not null, "min_consecutive_days_off" int not null, "max_consecutive_days_off" int not null, "max_working_weekends" int not null, "complete_weekends" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "contract" add constraint "contract_ward_name_key_unique" unique ("ward_id", "name_key");`);

    this.addSql(`create table "staff_profile" ("id" serial primary key, "user_id" int not null, "skills" jsonb not null, "contract_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "staff_profile" add constraint "staff_profile_user_unique" unique ("user_id");`);
    this.addSql(`create index "staff_profile_contract_index" on "staff_profile" ("contract_id");`);

    this.addSql(`create table "ward_rota_settings" ("id" serial primary key, "ward_id" int not null, "weekend_days" jsonb not null, "min_rest_hours" int not null, "weights" jsonb not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "ward_rota_settings" add constraint "ward_rota_settings_ward_unique" unique ("ward_id");`);

    this.addSql(`alter table "holiday" add constraint "holiday_hospital_id_foreign" foreign key ("hospital_id") references "hospital" ("id") on delete cascade;`);

    this.addSql(`alter table "shift_type" add constraint "shift_type_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);

    this.addSql(`alter table "forbidden_succession" add constraint "forbidden_succession_shift_type_id_foreign" foreign key ("shift_type_id") references "shift_type" ("id") on delete cascade;`);
    this.addSql(`alter table "forbidden_succession" add constraint "forbidden_succession_next_id_foreign" foreign key ("next_id") references "shift_type" ("id") on delete cascade;`);

    this.addSql(`alter table "rota_request" add constraint "rota_request_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_shift_type_id_foreign" foreign key ("shift_type_id") references "shift_type" ("id") on delete cascade;`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_cancelled_by_id_foreign" foreign key ("cancelled_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_kind_check" check ("kind" in ('day_off', 'shift_off', 'shift_on', 'leave'));`);
    this.addSql(`alter table "rota_request" add constraint "rota_request_status_check" check ("status" in ('active', 'pending', 'approved', 'rejected', 'cancelled'));`);

    this.addSql(`alter table "rota_event" add constraint "rota_event_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "rota_event" add constraint "rota_event_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "rota_event" add constraint "rota_event_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`alter table "coverage_requirement" add constraint "coverage_requirement_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "coverage_requirement" add constraint "coverage_requirement_shift_type_id_foreign" foreign key ("shift_type_id") references "shift_type" ("id") on delete cascade;`);

    this.addSql(`alter table "contract" add constraint "contract_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);

    this.addSql(`alter table "staff_profile" add constraint "staff_profile_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "staff_profile" add constraint "staff_profile_contract_id_foreign" foreign key ("contract_id") references "contract" ("id") on delete restrict;`);

    this.addSql(`alter table "ward_rota_settings" add constraint "ward_rota_settings_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "forbidden_succession" drop constraint "forbidden_succession_shift_type_id_foreign";`);
    this.addSql(`alter table "forbidden_succession" drop constraint "forbidden_succession_next_id_foreign";`);
    this.addSql(`alter table "rota_request" drop constraint "rota_request_shift_type_id_foreign";`);
    this.addSql(`alter table "coverage_requirement" drop constraint "coverage_requirement_shift_type_id_foreign";`);
    this.addSql(`alter table "staff_profile" drop constraint "staff_profile_contract_id_foreign";`);

    this.addSql(`drop table if exists "holiday" cascade;`);
    this.addSql(`drop table if exists "shift_type" cascade;`);
    this.addSql(`drop table if exists "forbidden_succession" cascade;`);
    this.addSql(`drop table if exists "rota_request" cascade;`);
    this.addSql(`drop table if exists "rota_event" cascade;`);
    this.addSql(`drop table if exists "coverage_requirement" cascade;`);
    this.addSql(`drop table if exists "contract" cascade;`);
    this.addSql(`drop table if exists "staff_profile" cascade;`);
    this.addSql(`drop table if exists "ward_rota_settings" cascade;`);
  }

}
