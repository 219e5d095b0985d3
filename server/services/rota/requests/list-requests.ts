import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { REQUESTS_PAGE, type TListRequestsRequest, type TListRequestsResponse } from '../../../../shared/schemas/rota/requests.js';
import { isoDateOf } from '../../../calendar/iso-dates.js';
import { RotaRequest, type IRotaRequest } from '../../../db/entities/rota-request.js';
import type { ServiceContext } from '../../service-context.js';
import { requestView } from './request-view.js';

/**
 * The ward's requests for a manager, the caller's own for an employee, by date; filtered by status,
 * person, and [from, to] (a request is in when its [date, endDate] meets the range). One page of `limit`
 * (500 by default and at most); `nextCursor` (`<date>.<id>` of the page's last request) starts the next.
 */
export async function listRequests(em: EntityManager, input: NonNullable<TListRequestsRequest> & { wardId: number }, ctx: ServiceContext): Promise<TListRequestsResponse> {
  const where: FilterQuery<IRotaRequest> = { ward: input.wardId };
  const and: FilterQuery<IRotaRequest>[] = [];
  if (ctx.actor.role !== 'manager') where.user = ctx.actor.id;
  if (input.userId !== undefined) and.push({ user: input.userId });
  if (input.status) where.status = input.status;
  if (input.from) where.endDate = { $gte: input.from };
  if (input.to) where.date = { $lte: input.to };
  if (input.cursor) {
    const [date, id] = [input.cursor.slice(0, 10), Number(input.cursor.slice(11))];
    and.push({ $or: [{ date: { $gt: date } }, { date, id: { $gt: id } }] });
  }
  if (and.length) where.$and = and;
  const limit = input.limit ?? REQUESTS_PAGE.default;
  const requests = await em.find(RotaRequest, where, { orderBy: { date: 'asc', id: 'asc' }, limit: limit + 1 });
  const page = requests.slice(0, limit);
  const last = page.at(-1);
  return { requests: page.map(requestView), nextCursor: requests.length > limit && last ? `${isoDateOf(last.date)}.${last.id}` : null };
}
