import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { closeUnansweredClients } from '../server/db/unanswered-clients.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { startStallingProxy, type StallingProxy } from './support/stalling-proxy.js';

// Short limits, so that a query outliving one takes about a second: the rule, not the service's 4 s.
const TIMEOUT_MS = 1000;
const INTERVAL_MS = 100;

describe('closeUnansweredClients: a pooled client left without an answer is closed', () => {
  let database: TestDatabase;
  let proxy: StallingProxy;
  const pools: pg.Pool[] = [];

  function watchedPool(url: string): pg.Pool {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    // A closed socket is reported as an 'error' event, on the client when checked out and on the pool when idle; the
    // ORM's pool listens to both, as here.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    closeUnansweredClients(pool, { timeoutMs: TIMEOUT_MS, intervalMs: INTERVAL_MS });
    pools.push(pool);
    return pool;
  }

  const backendPid = async (client: pg.PoolClient): Promise<number> =>
    (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    proxy = await startStallingProxy(database.url);
  });
  afterEach(async () => {
    proxy.resume();
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  it('fails a query that has waited longer than the limit with no answer, and the pool goes on with a new client', async () => {
    const pool = watchedPool(database.url);
    const client = await pool.connect();
    const before = await backendPid(client);
    await expect(client.query('select pg_sleep(5)')).rejects.toThrow(/Connection terminated/);
    client.release(true);
    const next = await pool.connect();
    try {
      expect(await backendPid(next)).not.toBe(before);
    } finally {
      next.release();
    }
  });

  it('fails a query on a network path that went silent, and answers again once it is back', async () => {
    const pool = watchedPool(proxy.url);
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    proxy.stall();
    await expect(pool.query('select 1 as one')).rejects.toThrow(/Connection terminated/);
    proxy.resume();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('leaves alone a client kept busy for longer than the limit by queries that are answered', async () => {
    const pool = watchedPool(database.url);
    const client = await pool.connect();
    try {
      const pid = await backendPid(client);
      const until = performance.now() + 2.5 * TIMEOUT_MS;
      let answered = 0;
      // Each answer is progress, however long the client has been busy in all.
      while (performance.now() < until) {
        await client.query('select pg_sleep(0.02)');
        answered += 1;
      }
      expect(answered).toBeGreaterThan(10);
      expect(await backendPid(client)).toBe(pid);
    } finally {
      client.release();
    }
  });

  it('leaves alone an idle client, and one whose query was refused before it was sent', async () => {
    const pool = watchedPool(database.url);
    const client = await pool.connect();
    try {
      const pid = await backendPid(client);
      // pg refuses a query without text at once: nothing is sent, so no answer is owed.
      expect(() => client.query(null as unknown as string)).toThrow();
      await new Promise((resolve) => setTimeout(resolve, 2.5 * TIMEOUT_MS));
      expect(await backendPid(client)).toBe(pid);
    } finally {
      client.release();
    }
  });
});
