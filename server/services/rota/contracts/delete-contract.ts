import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { Contract } from '../../../db/entities/contract.js';
import { StaffProfile } from '../../../db/entities/staff-profile.js';
import { isForeignKeyViolation } from '../../../db/foreign-key-violation.js';
import type { ServiceContext } from '../../service-context.js';
import { lockWard } from '../lock-ward.js';
import { findWardContract } from './find-ward-contract.js';

/** Removes a contract no staff profile uses (409 `contract_in_use` otherwise). */
export async function deleteContract(em: EntityManager, input: { wardId: number; id: number }, _ctx: ServiceContext): Promise<void> {
  try {
    await em.transactional(async (tx) => {
      // Profiles are set under the same lock, so none can take the contract between the count and the delete.
      await lockWard(tx, input.wardId);
      const contract = await findWardContract(tx, input.wardId, input.id);
      if (await tx.count(StaffProfile, { contract: contract.id })) throw new AppError('contract_in_use');
      await tx.nativeDelete(Contract, { id: contract.id });
    });
  } catch (error) {
    // The foreign key is the last word should a profile be written without the lock.
    if (isForeignKeyViolation(error)) throw new AppError('contract_in_use', { cause: error });
    throw error;
  }
}
