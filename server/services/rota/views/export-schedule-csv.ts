import type { EntityManager } from '@mikro-orm/postgresql';
import { rosterCsv } from '../../../render/roster-csv.js';
import type { ServiceContext } from '../../service-context.js';
import { loadRosterSheet } from './load-roster-sheet.js';

/** docs/rota.md §9: a schedule the caller may read, as CSV for a spreadsheet. */
export async function exportScheduleCsv(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<string> {
  return rosterCsv(await loadRosterSheet(em, input, ctx));
}
