import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCalendarFeedResponse } from '../../../shared/schemas/calendar-feed.js';
import type { ServiceContext } from '../service-context.js';
import { randomToken, tokenHash } from '../sessions/tokens.js';
import { calendarFeedUrl } from './feed-url.js';

/**
 * A new private address for the caller's calendar: 256 random bits, of which only the SHA-256 is kept.
 * One statement replaces any earlier address, so two calls racing still leave exactly one that works.
 */
export async function issueCalendarFeed(em: EntityManager, input: { publicUrl: string }, ctx: ServiceContext): Promise<TCalendarFeedResponse> {
  const token = randomToken();
  await em.execute(
    `insert into calendar_feed (user_id, token_hash, created_at) values (?, ?, ?)
     on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at`,
    [ctx.actor.id, tokenHash(token), ctx.now],
  );
  return { url: calendarFeedUrl(input.publicUrl, token) };
}
