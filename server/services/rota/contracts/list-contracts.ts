import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContract } from '../../../../shared/schemas/rota/contracts.js';
import { Contract } from '../../../db/entities/contract.js';
import { contractView } from './contract-view.js';

export async function listContracts(em: EntityManager, input: { wardId: number }): Promise<TContract[]> {
  return (await em.find(Contract, { ward: input.wardId }, { orderBy: { id: 'asc' } })).map(contractView);
}
