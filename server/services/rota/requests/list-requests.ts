import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TListRequestsRequest, TRotaRequest } from '../../../../shared/schemas/rota/requests.js';
import { RotaRequest, type IRotaRequest } from '../../../db/entities/rota-request.js';
import type { ServiceContext } from '../../service-context.js';
import { requestView } from './request-view.js';

/**
 * The ward's requests for a manager, the caller's own for an employee, by date; filtered by status,
 * person, and [from, to] (a request is in when its [date, endDate] meets the range).
 */
export async function listRequests(em: EntityManager, input: NonNullable<TListRequestsRequest> & { wardId: number }, ctx: ServiceContext): Promise<TRotaRequest[]> {
  const where: FilterQuery<IRotaRequest> = { ward: input.wardId };
  if (ctx.actor.role !== 'manager') where.user = ctx.actor.id;
  if (input.userId !== undefined) where.$and = [{ user: input.userId }];
  if (input.status) where.status = input.status;
  if (input.from) where.endDate = { $gte: input.from };
  if (input.to) where.date = { $lte: input.to };
  const requests = await em.find(RotaRequest, where, { orderBy: { date: 'asc', id: 'asc' } });
  return requests.map(requestView);
}
