import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../app-error.js';
import { Hospital } from '../../db/entities/hospital.js';
import { Ward, type IWard } from '../../db/entities/ward.js';
import type { ServiceContext } from '../service-context.js';

/** The form in which ward names are compared: one Unicode form, lower case. */
export function wardNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * Adds a ward to the hospital. Names are unique per hospital regardless of letter case through the
 * unique index on (hospital, nameKey), so of two racing creations of one name the loser gets 409.
 */
export async function createWard(em: EntityManager, input: { hospitalId: number; name: string }, ctx: Pick<ServiceContext, 'now'>): Promise<IWard> {
  const { hospitalId, name } = input;
  const ward = em.create(Ward, { hospital: em.getReference(Hospital, hospitalId), name, nameKey: wardNameKey(name), createdAt: ctx.now });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new AppError('ward_name_taken', { cause: error });
    throw error;
  }
  return ward;
}
