import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';

/**
 * A person's private iCalendar address (docs/rota.md §9): one per account, replaced by a new one, gone when ended.
 * The address carries a random token; only its SHA-256 is kept, as for sessions and invitations.
 */
export const CalendarFeed = defineEntity({
  name: 'CalendarFeed',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').unique('calendar_feed_user_unique'),
    /** SHA-256 (hex) of the address's token. */
    tokenHash: p.string().length(64).unique('calendar_feed_token_hash_unique'),
    createdAt: p.datetime(),
  },
});

export type ICalendarFeed = InferEntity<typeof CalendarFeed>;
