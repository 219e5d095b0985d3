import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { Ward, type IWard } from '../../db/entities/ward.js';
import { refusingDuplicates } from '../../db/unique-violation.js';
import { nameKey } from '../name-key.js';
import type { ServiceContext } from '../service-context.js';

/** The form in which ward names are compared (`nameKey`). */
export const wardNameKey = nameKey;

// The index that makes ward names unique in a hospital.
const WARD_NAME_UNIQUE = 'ward_hospital_name_key_unique';

/**
 * Adds a ward to the hospital (only it: nothing else pending in the unit of work is written). Names are unique per hospital regardless of letter case through the
 * unique index on (hospital, nameKey), so of two racing creations of one name the loser gets 409.
 */
export async function createWard(em: EntityManager, input: { hospitalId: number; name: string }, ctx: Pick<ServiceContext, 'now'>): Promise<IWard> {
  const { hospitalId, name } = input;
  const id = await refusingDuplicates(
    WARD_NAME_UNIQUE,
    (cause) => new AppError('ward_name_taken', { cause }),
    () => em.insert(Ward, { hospital: hospitalId, name, nameKey: wardNameKey(name), createdAt: ctx.now }),
  );
  return em.findOneOrFail(Ward, id);
}
