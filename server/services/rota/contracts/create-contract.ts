import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContract, TCreateContractRequest } from '../../../../shared/schemas/rota/contracts.js';
import { AppError } from '../../../app-error.js';
import { Contract } from '../../../db/entities/contract.js';
import { Ward } from '../../../db/entities/ward.js';
import { refusingDuplicates } from '../../../db/unique-violation.js';
import { nameKey } from '../../name-key.js';
import type { ServiceContext } from '../../service-context.js';
import { limitReached, WARD_LIMITS } from '../limits.js';
import { lockWard } from '../lock-ward.js';
import { contractView } from './contract-view.js';

export const contractNameKey = nameKey;

/** Turns the unique index's refusal into 409 `contract_name_taken`. */
export function withContractNameUnique<T>(work: () => Promise<T>): Promise<T> {
  return refusingDuplicates('contract_ward_name_key_unique', (cause) => new AppError('contract_name_taken', { cause }), work);
}

export async function createContract(em: EntityManager, input: TCreateContractRequest & { wardId: number }, ctx: ServiceContext): Promise<TContract> {
  const { wardId, ...rules } = input;
  return withContractNameUnique(() =>
    em.transactional(async (tx) => {
      await lockWard(tx, wardId);
      if ((await tx.count(Contract, { ward: wardId })) >= WARD_LIMITS.contracts) throw limitReached('contracts');
      const contract = tx.create(Contract, {
        ...rules,
        ward: tx.getReference(Ward, wardId),
        nameKey: contractNameKey(rules.name),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await tx.flush();
      return contractView(contract);
    }),
  );
}
