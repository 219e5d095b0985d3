import type { EntityManager } from '@mikro-orm/postgresql';
import { auditedUsername, recordAuthEvent } from '../audit/record-auth-event.js';
import type { RequestClient } from '../request-client.js';
import { windowStart, type ThrottleSettings } from './login-throttle.js';
import type { RecentRefusals } from './recent-refusals.js';

/** A refused sign-in: by password (the username as typed), or by passkey (no username). */
export interface Refusal {
  reason: 'rate_limited' | 'passkey_rate_limited';
  username?: string;
}

export interface RefusalContext {
  client: RequestClient;
  now: Date;
  /** The process's memory of refusals already in the audit trail. */
  refusals: RecentRefusals;
}

const RECENT_REFUSAL = `
  select created_at from auth_event
  where ip is not distinct from ? and type = 'login_failed' and created_at > ? and reason = ? and username is not distinct from ?
  order by created_at desc limit 1`;

/**
 * Records a refused sign-in in the audit trail, the first of an address and typed username (or of an address, for
 * passkeys) inside the throttle's window only: a flood must not grow the trail at its own rate, and the request log
 * has every one. Once this process has seen that row, further refusals of the pair cost no query.
 */
export async function recordRefusal(em: EntityManager, refusal: Refusal, ctx: RefusalContext, throttle: ThrottleSettings): Promise<void> {
  const { client, now, refusals } = ctx;
  const since = windowStart(now, throttle);
  const username = auditedUsername(refusal.username);
  const subject = `${refusal.reason}\u0000${username ?? ''}`;
  if (refusals.knownSince(client.ip, subject, since)) return;
  const [recorded] = await em.execute<{ created_at: string | Date }[]>(RECENT_REFUSAL, [client.ip, since, refusal.reason, username]);
  if (recorded !== undefined) {
    refusals.note(client.ip, subject, new Date(recorded.created_at));
    return;
  }
  recordAuthEvent(em, { type: 'login_failed', client, reason: refusal.reason, username }, now);
  await em.flush();
  refusals.note(client.ip, subject, now);
}
