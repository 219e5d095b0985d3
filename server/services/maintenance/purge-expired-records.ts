import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext, ServiceDeps } from '../service-context.js';

export interface PurgeResult {
  loginFailures: number;
  sessions: number;
  authEvents: number;
}

const DAY_MS = 24 * 3600 * 1000;
// A pending claim stops counting after 30 s (login-throttle.ts); never purge one younger than that.
const PENDING_LIFETIME_MS = 30_000;

/**
 * Deletes what no rule reads any more: sign-in failures that left the limit's window, sessions that
 * ended (expired or revoked) more than RETENTION_DAYS ago, and audit events older than that. Meant to
 * run periodically on the job queue; safe to run at any time and from several processes at once.
 */
export async function purgeExpiredRecords(
  em: EntityManager,
  _input: Record<string, never>,
  ctx: Pick<ServiceContext, 'now'> & Pick<ServiceDeps, 'config'>,
): Promise<PurgeResult> {
  const { now, config } = ctx;
  const failuresBefore = new Date(now.getTime() - Math.max(config.loginWindowSeconds * 1000, PENDING_LIFETIME_MS));
  const retainedSince = new Date(now.getTime() - config.retentionDays * DAY_MS);
  const count = async (sql: string, params: unknown[]) => (await em.execute<{ n: number }[]>(sql, params))[0]!.n;
  return {
    loginFailures: await count(
      'with deleted as (delete from login_failure where created_at < ? returning 1) select count(*)::int as n from deleted',
      [failuresBefore],
    ),
    sessions: await count(
      `with deleted as (delete from "session" where expires_at < ? or revoked_at < ? returning 1) select count(*)::int as n from deleted`,
      [retainedSince, retainedSince],
    ),
    authEvents: await count(
      'with deleted as (delete from auth_event where created_at < ? returning 1) select count(*)::int as n from deleted',
      [retainedSince],
    ),
  };
}
