import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { Ward, type IWard } from '../../db/entities/ward.js';
import { violatedUniqueConstraint } from '../../db/unique-violation.js';
import type { ServiceContext } from '../service-context.js';

/** The form in which ward names are compared: one Unicode form, lower case. */
export function wardNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

// The index that makes ward names unique in a hospital.
const WARD_NAME_UNIQUE = 'ward_hospital_name_key_unique';

/**
 * Adds a ward to the hospital (only it: nothing else pending in the unit of work is written). Names are unique per hospital regardless of letter case through the
 * unique index on (hospital, nameKey), so of two racing creations of one name the loser gets 409.
 */
export async function createWard(em: EntityManager, input: { hospitalId: number; name: string }, ctx: Pick<ServiceContext, 'now'>): Promise<IWard> {
  const { hospitalId, name } = input;
  let id: number;
  try {
    id = await em.insert(Ward, { hospital: hospitalId, name, nameKey: wardNameKey(name), createdAt: ctx.now });
  } catch (error) {
    if (violatedUniqueConstraint(error) === WARD_NAME_UNIQUE) throw new AppError('ward_name_taken', { cause: error });
    throw error;
  }
  return em.findOneOrFail(Ward, id);
}
