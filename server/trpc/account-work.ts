import { AppError } from '../app-error.js';

export interface AccountWorkLimits {
  /** Calls of one account that run at once. */
  concurrency: number;
  /** Calls of one account that may wait for a turn; one more is refused. */
  queue: number;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
}

/**
 * How much of the service one signed-in account may use at once. Each call (a REST request, or each call of
 * a tRPC batch) takes a turn in its account's lane: at most `concurrency` run, up to `queue` more wait in
 * line in order, and a call past that is refused with 429 `too_many_requests`. So one account's flood (a
 * batch of fifty reads of the largest schedule, sent three times over) waits on itself: it holds a few of the
 * database pool's connections and a few rosters' memory at a time, and other accounts' calls go on beside it.
 * Per process: every process sharing the database keeps lanes of its own.
 */
export class AccountWork {
  readonly #lanes = new Map<number, Lane>();

  constructor(private readonly limits: AccountWorkLimits) {}

  /** Waits for the account's turn and answers the function that ends it (call it exactly once). */
  async enter(accountId: number): Promise<() => void> {
    let lane = this.#lanes.get(accountId);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.#lanes.set(accountId, lane);
    }
    if (lane.running < this.limits.concurrency) {
      lane.running += 1;
    } else {
      if (lane.waiting.length >= this.limits.queue) throw new AppError('too_many_requests', { headers: { 'Retry-After': '1' } });
      // The turn is handed over by the call that ends: `running` stays as it was.
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = lane.waiting.shift();
      if (next) return next();
      lane.running -= 1;
      if (lane.running === 0) this.#lanes.delete(accountId);
    };
  }

  /** Calls of the account running and waiting now (for tests and logs). */
  load(accountId: number): { running: number; waiting: number } {
    const lane = this.#lanes.get(accountId);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }
}
