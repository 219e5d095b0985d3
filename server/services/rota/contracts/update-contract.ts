import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTRACT_RANGES, type TContract, type TUpdateContractRequest } from '../../../../shared/schemas/rota/contracts.js';
import { AppError } from '../../../app-error.js';
import type { ServiceContext } from '../../service-context.js';
import { contractNameKey, withContractNameUnique } from './create-contract.js';
import { contractView } from './contract-view.js';
import { findWardContract } from './find-ward-contract.js';

/** Changes the fields given; every `min` must still be at most its `max` afterwards. */
export async function updateContract(em: EntityManager, input: TUpdateContractRequest & { wardId: number }, ctx: ServiceContext): Promise<TContract> {
  const { wardId, id, ...changes } = input;
  return withContractNameUnique(() =>
    em.transactional(async (tx) => {
      const contract = await findWardContract(tx, wardId, id);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const next = { ...contractView(contract), ...defined };
      const issues = CONTRACT_RANGES.filter(([min, max]) => next[min] > next[max]).map(([min, max]) => ({ path: max, message: `${min} must not exceed ${max}.` }));
      if (issues.length) throw new AppError('invalid_input', { issues });
      tx.assign(contract, { ...defined, ...(changes.name !== undefined ? { nameKey: contractNameKey(changes.name) } : {}), updatedAt: ctx.now });
      await tx.flush();
      return contractView(contract);
    }),
  );
}
