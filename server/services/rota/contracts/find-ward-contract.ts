import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { Contract, type IContract } from '../../../db/entities/contract.js';

/** A contract of the ward; unknown or another ward's is 404 `contract_not_found`, alike. */
export async function findWardContract(em: EntityManager, wardId: number, id: number): Promise<IContract> {
  const contract = await em.findOne(Contract, { id, ward: wardId });
  if (!contract) throw new AppError('contract_not_found');
  return contract;
}
