import { Migration } from '@mikro-orm/migrations';

// A solve is a full one (writes its roster) or a repair (proposes changes from a day on, at a price per changed cell,
// and a manager applies them): docs/rota.md §11.2. Every job before this was a full solve.
export class Migration20261127194000_repair_jobs extends Migration {

  override name = 'Migration20261127194000_repair_jobs';

  override up(): void | Promise<void> {
    this.addSql(`alter table "solve_job" add "mode" text not null default 'full', add "from_date" date null, add "change_weight" int null, add "proposal" jsonb null, add "applied_at" timestamptz null, add "applied_by_id" int null;`);
    this.addSql(`alter table "solve_job" alter column "mode" drop default;`);
    this.addSql(`alter table "solve_job" add constraint "solve_job_mode_check" check ("mode" in ('full', 'repair'));`);
    this.addSql(`alter table "solve_job" add constraint "solve_job_applied_by_id_foreign" foreign key ("applied_by_id") references "app_user" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "solve_job" drop constraint "solve_job_applied_by_id_foreign";`);
    this.addSql(`alter table "solve_job" drop constraint "solve_job_mode_check";`);
    this.addSql(`alter table "solve_job" drop column "mode", drop column "from_date", drop column "change_weight", drop column "proposal", drop column "applied_at", drop column "applied_by_id";`);
  }

}
