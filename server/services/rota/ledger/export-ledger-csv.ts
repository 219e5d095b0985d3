import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLedgerRequest } from '../../../../shared/schemas/rota/ledger.js';
import { ledgerCsv } from '../../../render/ledger-csv.js';
import { readLedger } from './read-ledger.js';

/** docs/rota.md §13: the ward's ledger as CSV for a spreadsheet. */
export async function exportLedgerCsv(em: EntityManager, input: TLedgerRequest & { wardId: number }): Promise<string> {
  return ledgerCsv(await readLedger(em, input));
}
