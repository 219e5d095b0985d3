import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';

/**
 * True when the database answers a trivial query within `timeoutMs`. The query runs on a pooled client
 * of its own with that limit; a client that did not answer in time is closed rather than returned, so
 * frequent probes of a hung database cannot fill the pool with queries still waiting.
 */
export async function databaseIsUp(orm: MikroORM, timeoutMs: number): Promise<boolean> {
  let pool: pg.Pool;
  try {
    pool = (await orm.em.getConnection().getNativeClient()) as unknown as pg.Pool;
  } catch {
    return false;
  }
  return poolAnswers(pool, timeoutMs);
}

/** True when a client of `pool` answers `select 1` within `timeoutMs`; a client that did not is closed, not returned. */
export async function poolAnswers(pool: pg.Pool, timeoutMs: number): Promise<boolean> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch {
    return false;
  }
  try {
    await client.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
    client.release();
    return true;
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    return false;
  }
}
