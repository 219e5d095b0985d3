import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Ward } from '../../db/entities/ward.js';

/**
 * Takes the ward's row lock for the rest of the transaction: writes that count or check the ward's
 * objects (the limits of docs/rota.md §10, the coverage table) run one at a time per ward.
 */
export async function lockWard(tx: EntityManager, wardId: number): Promise<void> {
  await tx.findOneOrFail(Ward, wardId, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}
