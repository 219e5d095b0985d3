import type pg from 'pg';

/** What pg exposes of a pooled client and its connection that the watch reads. */
interface WatchedClient {
  query: (...args: unknown[]) => unknown;
  connection: {
    stream: { destroy(): void };
    on(event: 'readyForQuery', listener: () => void): unknown;
  };
}

interface Watch {
  /** Queries handed to the client since it joined the pool. */
  sent: number;
  /** Queries it has had an answer to: PostgreSQL ends each with ReadyForQuery. */
  answered: number;
  /** `answered` at the watch's last look. */
  answeredAtCheck: number;
  /** Since when the client has waited with no answer coming (0: it is not waiting). */
  waitingSince: number;
}

export interface UnansweredClientsOptions {
  /** A client waiting this long for an answer, with none coming, counts as cut off. */
  timeoutMs: number;
  /** How often the pool's clients are looked at: a cut-off client is closed `timeoutMs` to `timeoutMs + 2 × intervalMs` after its query. */
  intervalMs: number;
}

/**
 * Closes any pooled client that has waited `timeoutMs` for an answer without getting one: a database that stopped
 * answering without closing the socket (a dead network path), where PostgreSQL's own statement_timeout is never heard
 * back. Closing the socket fails the client's query at once, and the pool replaces the client.
 *
 * pg's own `query_timeout` does this with a timer per query, and with it the objects of nearly every query under load
 * (its rows, its callbacks, the caller waiting on it) survive into V8's old generation, to be freed only by a full
 * collection: 17 % of the bytes a pool of `select`s allocates, against 3 % without it (BENCHMARKS.md). Here one timer
 * serves the whole pool, and a query costs two counter increments.
 */
export function closeUnansweredClients(pool: pg.Pool, options: UnansweredClientsOptions): void {
  const watches = new Map<WatchedClient, Watch>();
  pool.on('connect', (client) => {
    const watched = client as unknown as WatchedClient;
    const watch: Watch = { sent: 0, answered: 0, answeredAtCheck: 0, waitingSince: 0 };
    watches.set(watched, watch);
    const query = watched.query;
    watched.query = function (this: unknown, ...args: unknown[]) {
      watch.sent += 1;
      try {
        return query.apply(this, args);
      } catch (error) {
        // Refused before it was sent (bad arguments): no answer will come for it.
        watch.sent -= 1;
        throw error;
      }
    };
    watched.connection.on('readyForQuery', () => {
      watch.answered += 1;
    });
  });
  pool.on('remove', (client) => {
    watches.delete(client as unknown as WatchedClient);
  });

  const timer = setInterval(() => {
    if (pool.ending) {
      clearInterval(timer);
      return;
    }
    const now = performance.now();
    for (const [client, watch] of watches) {
      if (watch.answered >= watch.sent || watch.answered !== watch.answeredAtCheck) {
        // Idle, or answered something since the last look: not cut off.
        watch.answeredAtCheck = watch.answered;
        watch.waitingSince = 0;
        continue;
      }
      if (watch.waitingSince === 0) watch.waitingSince = now;
      else if (now - watch.waitingSince >= options.timeoutMs) {
        watches.delete(client);
        client.connection.stream.destroy();
      }
    }
  }, options.intervalMs);
  timer.unref();
}
