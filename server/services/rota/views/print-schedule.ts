import type { EntityManager } from '@mikro-orm/postgresql';
import { rosterPage } from '../../../render/roster-page.js';
import type { ServiceContext } from '../../service-context.js';
import { loadRosterSheet } from './load-roster-sheet.js';

/** docs/rota.md §9: a schedule the caller may read, as the HTML page of its printed roster. */
export async function printSchedule(em: EntityManager, input: { wardId: number; id: number }, ctx: ServiceContext): Promise<string> {
  return rosterPage(await loadRosterSheet(em, input, ctx));
}
