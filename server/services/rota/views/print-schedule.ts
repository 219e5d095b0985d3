import type { EntityManager } from '@mikro-orm/postgresql';
import { parseLedgerRange } from '../../../../shared/schemas/rota/ledger.js';
import { AppError } from '../../../app-error.js';
import { rosterPage } from '../../../render/roster-page.js';
import type { ServiceContext } from '../../service-context.js';
import { readLedger } from '../ledger/read-ledger.js';
import { loadRosterSheet } from './load-roster-sheet.js';

/**
 * docs/rota.md §9: a schedule the caller may read, as the HTML page of its printed roster; with `ledger` (`from..to`,
 * a manager's only, like the ledger itself, docs/rota.md §13) the ward's ledger over that range follows as a sheet of its own.
 */
export async function printSchedule(em: EntityManager, input: { wardId: number; id: number; ledger?: string | undefined }, ctx: ServiceContext): Promise<string> {
  const range = input.ledger === undefined ? null : parseLedgerRange(input.ledger);
  if (range && ctx.actor.role !== 'manager') throw new AppError('forbidden');
  const sheet = await loadRosterSheet(em, input, ctx);
  return rosterPage(sheet, range ? { ...range, ledger: await readLedger(em, { wardId: input.wardId, ...range }) } : undefined);
}
