import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../service-context.js';

/** Ends the caller's calendar address, if there is one: it answers 404 from then on. */
export async function endCalendarFeed(em: EntityManager, ctx: ServiceContext): Promise<{ ok: true }> {
  await em.execute('delete from calendar_feed where user_id = ?', [ctx.actor.id]);
  return { ok: true };
}
