import { Migration } from '@mikro-orm/migrations';

export class Migration20261123182340_solve_jobs extends Migration {

  override name = 'Migration20261123182340_solve_jobs';

  override up(): void | Promise<void> {
    this.addSql(`create table "solve_job" ("id" serial primary key, "ward_id" int not null, "schedule_id" int not null, "requested_by_id" int null, "status" text not null, "time_limit_seconds" int not null, "attempt" int not null, "best_hard" int null, "best_soft" int null, "progress" jsonb not null, "error" varchar(500) null, "cancel_requested_at" timestamptz null, "created_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null);`);
    this.addSql(`create index "solve_job_schedule_index" on "solve_job" ("schedule_id", "created_at");`);
    // One solve per schedule at a time (ROTA.md §8): the service checks under the schedule's row lock, this is the backstop.
    this.addSql(`create unique index "solve_job_active_unique" on "solve_job" ("schedule_id") where "status" in ('queued', 'running');`);

    this.addSql(`alter table "solve_job" add constraint "solve_job_ward_id_foreign" foreign key ("ward_id") references "ward" ("id") on delete cascade;`);
    this.addSql(`alter table "solve_job" add constraint "solve_job_schedule_id_foreign" foreign key ("schedule_id") references "schedule" ("id") on delete cascade;`);
    this.addSql(`alter table "solve_job" add constraint "solve_job_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "solve_job" add constraint "solve_job_status_check" check ("status" in ('queued', 'running', 'done', 'failed', 'cancelled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "solve_job" cascade;`);
  }

}
