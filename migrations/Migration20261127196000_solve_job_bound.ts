import { Migration } from '@mikro-orm/migrations';

// A solve job's lower bound on the soft score (docs/rota.md §12); its gap is derived from it and the best score.
export class Migration20261127196000_solve_job_bound extends Migration {

  override name = 'Migration20261127196000_solve_job_bound';

  override up(): void | Promise<void> {
    this.addSql(`alter table "solve_job" add column "bound" double precision null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "solve_job" drop column "bound";`);
  }
}
