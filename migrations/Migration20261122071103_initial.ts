import { Migration } from '@mikro-orm/migrations';

export class Migration20261122071103_initial extends Migration {

  override name = 'Migration20261122071103_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "hospital" ("id" serial primary key, "name" varchar(200) not null, "created_at" timestamptz not null);`);

    this.addSql(`create table "login_failure" ("id" serial primary key, "username_key" varchar(200) not null, "ip" varchar(64) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "login_failure_pair_index" on "login_failure" ("username_key", "ip", "created_at");`);
    this.addSql(`create index "login_failure_ip_index" on "login_failure" ("ip", "created_at");`);

    this.addSql(`create table "ward" ("id" serial primary key, "hospital_id" int not null, "name" varchar(200) not null, "name_key" varchar(200) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "ward" add constraint "ward_hospital_name_key_unique" unique ("hospital_id", "name_key");`);

    this.addSql(`create table "app_user" ("id" serial primary key, "hospital_id" int not null, "ward_id" int not null, "name" varchar(200) not null, "username" varchar(64) not null, "username_key" varchar(64) not null, "password_hash" text not null, "role" text not null, "is_super_admin" boolean not null default false, "must_change_password" boolean not null default false, "active" boolean not null default true, "email" varchar(254) null, "category" varchar(100) null, "title" varchar(100) null, "gender" varchar(20) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "app_user" add constraint "app_user_username_key_unique" unique ("username_key");`);

    this.addSql(`create table "session" ("id" uuid not null, "token_hash" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "last_seen_at" timestamptz not null, "revoked_at" timestamptz null, "user_agent" varchar(512) null, "ip" varchar(64) null, primary key ("id"));`);
    this.addSql(`alter table "session" add constraint "session_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "session_user_index" on "session" ("user_id");`);

    this.addSql(`create table "auth_event" ("id" serial primary key, "type" varchar(64) not null, "user_id" int null, "actor_id" int null, "username" varchar(200) null, "reason" varchar(64) null, "ip" varchar(64) null, "user_agent" varchar(512) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "auth_event_created_at_index" on "auth_event" ("created_at");`);

    this.addSql(`create table "invite" ("id" serial primary key, "hospital_id" int not null, "ward_id" int not null, "role" text not null, "name" varchar(200) null, "category" varchar(100) null, "token_hash" varchar(64) not null, "created_by_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "used_by_id" int null, "revoked_at" timestamptz null);`);
    this.addSql(`create index "invite_ward_index" on "invite" ("ward_id");`);
    this.addSql(`alter table "invite" add constraint "invite_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "ward" add constraint "ward_hospital_id_foreign" foreign key ("hospital_id") references "hospital" ("id");`);

    this.addSql(`alter table "app_user" add constraint "app_user_hospital_id_foreign" foreign key ("hospital_id") references "hospital" ("id");`);
    this.addSql(`alter table "app_user" add constraint "app_user_ward_id_foreign" foreign key ("ward_id") references "ward" ("id");`);
    this.addSql(`alter table "app_user" add constraint "app_user_role_check" check ("role" in ('manager', 'employee'));`);

    this.addSql(`alter table "session" add constraint "session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);

    this.addSql(`alter table "auth_event" add constraint "auth_event_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "auth_event" add constraint "auth_event_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`alter table "invite" add constraint "invite_hospital_id_foreign" foreign key ("hospital_id") references "hospital" ("id");`);
    this.addSql(`alter table "invite" add constraint "invite_ward_id_foreign" foreign key ("ward_id") references "ward" ("id");`);
    this.addSql(`alter table "invite" add constraint "invite_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id");`);
    this.addSql(`alter table "invite" add constraint "invite_used_by_id_foreign" foreign key ("used_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "invite" add constraint "invite_role_check" check ("role" in ('staff', 'head_nurse'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ward" drop constraint "ward_hospital_id_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_hospital_id_foreign";`);
    this.addSql(`alter table "invite" drop constraint "invite_hospital_id_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_ward_id_foreign";`);
    this.addSql(`alter table "invite" drop constraint "invite_ward_id_foreign";`);
    this.addSql(`alter table "session" drop constraint "session_user_id_foreign";`);
    this.addSql(`alter table "auth_event" drop constraint "auth_event_user_id_foreign";`);
    this.addSql(`alter table "auth_event" drop constraint "auth_event_actor_id_foreign";`);
    this.addSql(`alter table "invite" drop constraint "invite_created_by_id_foreign";`);
    this.addSql(`alter table "invite" drop constraint "invite_used_by_id_foreign";`);

    this.addSql(`drop table if exists "hospital" cascade;`);
    this.addSql(`drop table if exists "login_failure" cascade;`);
    this.addSql(`drop table if exists "ward" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "session" cascade;`);
    this.addSql(`drop table if exists "auth_event" cascade;`);
    this.addSql(`drop table if exists "invite" cascade;`);
  }

}
