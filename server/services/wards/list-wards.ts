import type { EntityManager } from '@mikro-orm/postgresql';
import { Ward, type IWard } from '../../db/entities/ward.js';
import type { ServiceContext } from '../service-context.js';

/** The wards `user` may select: every ward of the hospital for a super admin, else the home ward. */
export async function listWards(em: EntityManager, _input: Record<string, never>, ctx: Pick<ServiceContext, 'actor'>): Promise<IWard[]> {
  const user = ctx.actor;
  if (user.isSuperAdmin) return em.find(Ward, { hospital: user.hospital.id }, { orderBy: { id: 'asc' } });
  return [await em.findOneOrFail(Ward, user.ward.id)];
}
