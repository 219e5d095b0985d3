import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContract, TCreateContractRequest } from '../../../../shared/schemas/rota/contracts.js';
import { AppError } from '../../../app-error.js';
import { Contract } from '../../../db/entities/contract.js';
import { Ward } from '../../../db/entities/ward.js';
import type { ServiceContext } from '../../service-context.js';
import { limitReached, WARD_LIMITS } from '../limits.js';
import { lockWard } from '../lock-ward.js';
import { contractView } from './contract-view.js';

export function contractNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Turns the unique index's refusal into 409 `contract_name_taken`. */
export async function withContractNameUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && /contract_ward_name_key_unique/.test(error.message)) {
      throw new AppError('contract_name_taken', { cause: error });
    }
    throw error;
  }
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
