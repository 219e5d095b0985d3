import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../app-error.js';
import { RotaRequest, type IRotaRequest } from '../../../db/entities/rota-request.js';
import type { IUser } from '../../../db/entities/user.js';

/**
 * A request of the ward that `actor` may see: any of the ward's for a manager, only their own for an
 * employee. Anything else, like an unknown id, is 404 `request_not_found`.
 */
export async function findVisibleRequest(em: EntityManager, wardId: number, id: number, actor: IUser): Promise<IRotaRequest> {
  const request = await em.findOne(RotaRequest, { id, ward: wardId }, { refresh: true });
  if (!request || (actor.role !== 'manager' && request.user.id !== actor.id)) throw new AppError('request_not_found');
  return request;
}
