import type { EntityData, EntityDictionary, EntityManager, EntityName } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { User, type IUser } from '../../db/entities/user.js';
import { Ward } from '../../db/entities/ward.js';
import { tokenHash } from './tokens.js';

// Every signed-in request runs this, so it is one fixed statement rather than a query the ORM builds
// anew each time (building it was the largest cost of GET /api/me, see BENCHMARKS.md). The user's and
// ward's whole rows come back as JSON, so a column added to those entities is mapped without touching
// this; the password hash stays in the database. It is a named prepared statement: each pooled
// connection parses and plans it once.
const LIVE_SESSION: pg.QueryConfig<[string, Date]> = {
  name: 'nobat_live_session',
  text: `
    select s.id as session_id, s.last_seen_at, to_jsonb(u) - 'password_hash' as "user", to_jsonb(w) as ward
    from "session" s
    join "app_user" u on u.id = s.user_id
    join "ward" w on w.id = u.ward_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
};

interface LiveSessionRow {
  session_id: string;
  last_seen_at: Date | string;
  user: Record<string, unknown>;
  ward: Record<string, unknown>;
}

/**
 * What a request needs of its session: which one it is (the current one of the session list) and when it
 * was last seen (`touchSession`). Not a managed entity: mapping one into every request's unit of work was a
 * sixth of GET /api/me's time, for a row that only `nativeUpdate`s and queries by id ever change.
 */
export interface LiveSession {
  id: string;
  lastSeenAt: Date;
  user: IUser;
}

/** The ORM's own `pg` pool (same settings, timeouts and type parsers), per connection object shared by every fork. */
const pools = new WeakMap<object, pg.Pool>();

async function poolOf(em: EntityManager): Promise<pg.Pool> {
  const connection = em.getConnection();
  let pool = pools.get(connection);
  if (!pool) {
    pool = (await connection.getNativeClient()) as pg.Pool;
    pools.set(connection, pool);
  }
  return pool;
}

/**
 * `em.map` without cascading the merge: merging the user would walk its relations again, the ward just mapped
 * and references the entity factory has already registered (13 % of GET /api/me's CPU time).
 */
function mapRow<T extends object>(em: EntityManager, entity: EntityName<T>, row: Record<string, unknown>): T {
  const data = em.getDriver().mapResult(row as EntityDictionary<T>, em.getMetadata().get(entity));
  return em.merge(entity, data as EntityData<T>, { refresh: true, convertCustomTypes: true, validate: false, cascade: false });
}

/**
 * The session a token belongs to, with its user and the user's home ward (nearly every signed-in request
 * selects a ward), when it is neither revoked nor expired. The user and the ward join the request's identity
 * map. Read outside any transaction of `em`: it runs first, before a procedure opens one.
 */
export async function findLiveSession(em: EntityManager, token: string, now: Date): Promise<LiveSession | null> {
  const pool = await poolOf(em);
  const { rows } = await pool.query<LiveSessionRow, [string, Date]>({ ...LIVE_SESSION, values: [tokenHash(token), now] });
  const row = rows[0];
  if (!row) return null;
  mapRow(em, Ward, row.ward);
  const user = mapRow(em, User, row.user);
  return { id: row.session_id, lastSeenAt: new Date(row.last_seen_at), user };
}
