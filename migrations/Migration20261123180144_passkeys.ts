import { Migration } from '@mikro-orm/migrations';

export class Migration20261123180144_passkeys extends Migration {

  override name = 'Migration20261123180144_passkeys';

  override up(): void | Promise<void> {
    this.addSql(`create table "passkey" ("id" uuid not null, "user_id" int not null, "credential_id" varchar(1400) not null, "public_key" bytea not null, "counter" bigint not null default '0', "transports" text[] null, "user_handle" varchar(128) not null, "multi_device" boolean not null, "backed_up" boolean not null, "name" varchar(100) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "passkey_user_index" on "passkey" ("user_id");`);
    this.addSql(`alter table "passkey" add constraint "passkey_credential_id_unique" unique ("credential_id");`);

    this.addSql(`create table "webauthn_challenge" ("id" uuid not null, "purpose" text not null, "challenge" varchar(128) not null, "user_id" int null, "user_handle" varchar(128) null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "webauthn_challenge" add constraint "webauthn_challenge_challenge_unique" unique ("challenge");`);
    this.addSql(`create index "webauthn_challenge_user_index" on "webauthn_challenge" ("user_id");`);
    this.addSql(`create index "webauthn_challenge_expires_at_index" on "webauthn_challenge" ("expires_at");`);

    this.addSql(`alter table "passkey" add constraint "passkey_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);

    this.addSql(`alter table "webauthn_challenge" add constraint "webauthn_challenge_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "webauthn_challenge" add constraint "webauthn_challenge_purpose_check" check ("purpose" in ('registration', 'authentication'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "passkey" cascade;`);
    this.addSql(`drop table if exists "webauthn_challenge" cascade;`);
  }

}
