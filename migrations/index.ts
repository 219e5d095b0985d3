// Every migration, oldest first. `npm run migration:create` writes a new file; list it here.
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122071103_initial } from './Migration20261122071103_initial.js';
import { Migration20261122080309_login_attempt_pending } from './Migration20261122080309_login_attempt_pending.js';
import { Migration20261123180000_app_secret_and_cleanup_indexes } from './Migration20261123180000_app_secret_and_cleanup_indexes.js';
import { Migration20261123180000_username_folded_key } from './Migration20261123180000_username_folded_key.js';
import { Migration20261123180019_rota_ground } from './Migration20261123180019_rota_ground.js';
import { Migration20261123181400_schedules } from './Migration20261123181400_schedules.js';
import { Migration20261123182340_solve_jobs } from './Migration20261123182340_solve_jobs.js';
import { Migration20261123184500_calendar_feeds } from './Migration20261123184500_calendar_feeds.js';
import { Migration20261123180144_passkeys } from './Migration20261123180144_passkeys.js';
import { Migration20261125194500_login_claim_function } from './Migration20261125194500_login_claim_function.js';
import { Migration20261126041500_login_refusal_function } from './Migration20261126041500_login_refusal_function.js';
import { Migration20261127191000_rota_revision } from './Migration20261127191000_rota_revision.js';
import { Migration20261127193000_notifications_and_cell_routes } from './Migration20261127193000_notifications_and_cell_routes.js';
import { Migration20261127193100_swaps_and_claims } from './Migration20261127193100_swaps_and_claims.js';
import { Migration20261127194000_repair_jobs } from './Migration20261127194000_repair_jobs.js';
import { Migration20261127196000_solve_job_bound } from './Migration20261127196000_solve_job_bound.js';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122071103_initial', class: Migration20261122071103_initial },
  { name: 'Migration20261122080309_login_attempt_pending', class: Migration20261122080309_login_attempt_pending },
  { name: 'Migration20261123180000_app_secret_and_cleanup_indexes', class: Migration20261123180000_app_secret_and_cleanup_indexes },
  { name: 'Migration20261123180000_username_folded_key', class: Migration20261123180000_username_folded_key },
  { name: 'Migration20261123180019_rota_ground', class: Migration20261123180019_rota_ground },
  { name: 'Migration20261123181400_schedules', class: Migration20261123181400_schedules },
  { name: 'Migration20261123182340_solve_jobs', class: Migration20261123182340_solve_jobs },
  { name: 'Migration20261123184500_calendar_feeds', class: Migration20261123184500_calendar_feeds },
  { name: 'Migration20261123180144_passkeys', class: Migration20261123180144_passkeys },
  { name: 'Migration20261125194500_login_claim_function', class: Migration20261125194500_login_claim_function },
  { name: 'Migration20261126041500_login_refusal_function', class: Migration20261126041500_login_refusal_function },
  { name: 'Migration20261127191000_rota_revision', class: Migration20261127191000_rota_revision },
  { name: 'Migration20261127193000_notifications_and_cell_routes', class: Migration20261127193000_notifications_and_cell_routes },
  { name: 'Migration20261127193100_swaps_and_claims', class: Migration20261127193100_swaps_and_claims },
  { name: 'Migration20261127194000_repair_jobs', class: Migration20261127194000_repair_jobs },
  { name: 'Migration20261127196000_solve_job_bound', class: Migration20261127196000_solve_job_bound },
];
