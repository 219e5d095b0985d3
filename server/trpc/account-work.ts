import { AppError } from '../app-error.js';
import type { Clock } from '../clock.js';

export interface AccountWorkLimits {
  /** Calls of one account that run at once. */
  concurrency: number;
  /** Calls of one account that may wait for a turn; one more is refused. */
  queue: number;
  /** Roster cells (people × days) one account's large answers may hold together, and may take again each second. */
  answerCells: number;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
}

/** An account's allowance of roster cells in answers: `cells` when last counted, at `at` (ms). */
interface Allowance {
  cells: number;
  at: number;
}

/** Sessions remembered as owing at most; past it the memory starts again. */
const MAX_OWING_SESSIONS = 10_000;
/** How long a session's refusal for owing waits before it is answered: until the debt is repaid, within these. */
const MIN_REFUSAL_WAIT_MS = 100;
const MAX_REFUSAL_WAIT_MS = 1000;

const tooManyRequests = (seconds = 1) => new AppError('too_many_requests', { headers: { 'Retry-After': String(seconds) } });

/** Lanes by key: at most `concurrency` calls of a key run at once, up to `queue` more wait in order, one more is refused. */
class Lanes<K> {
  readonly #lanes = new Map<K, Lane>();

  constructor(private readonly limits: Pick<AccountWorkLimits, 'concurrency' | 'queue'>) {}

  /** Waits for the key's turn and answers the function that ends it (call it exactly once). */
  async enter(key: K): Promise<() => void> {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.#lanes.set(key, lane);
    }
    if (lane.running < this.limits.concurrency) {
      lane.running += 1;
    } else {
      if (lane.waiting.length >= this.limits.queue) throw tooManyRequests();
      // The turn is handed over by the call that ends: `running` stays as it was.
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = lane.waiting.shift();
      // After what the event loop has ready: one key's calls, one after another, never hold it between them.
      if (next) return void setImmediate(next);
      lane.running -= 1;
      if (lane.running === 0) this.#lanes.delete(key);
    };
  }

  load(key: K): { running: number; waiting: number } {
    const lane = this.#lanes.get(key);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }
}

/**
 * How much of the service one signed-in account may use. Per process: every process sharing the database keeps
 * its own.
 *
 * Calls at once: each call (a REST request, or each call of a tRPC batch) takes a turn in its session's lane before
 * it touches the database (its session is looked up inside it), then in its account's lane: in each, at most
 * `concurrency` run, up to `queue` more wait in line in order, and a call past that is refused with 429
 * `too_many_requests`. So one account's flood (a batch of fifty reads of the largest schedule, sent three times
 * over) waits on itself: it holds a few of the database pool's connections at a time, and other accounts' calls go
 * on beside it rather than behind it in the pool's queue.
 *
 * Large answers: an answer of a whole roster costs the process in proportion to its cells once the call has ended,
 * and in one piece of work that nothing else interleaves with (a tRPC batch's answers become one JSON text at once).
 * So each account has an allowance of `answerCells` roster cells, refilled at `answerCells` a second up to that
 * much: while it is used up, a large answer is refused at once with 429 `too_many_requests` (`Retry-After`: the
 * seconds until it is refilled); otherwise the answer is made and takes its cells, and may leave the allowance
 * below nothing, to be repaid. One answer of the largest schedule a ward may hold (500 people × 62 days = 31,000
 * cells) is always possible, never several in one batch, and an account's flood of them gets about one a second.
 */
export class AccountWork {
  readonly #sessions: Lanes<string>;
  readonly #accounts: Lanes<number>;
  readonly #allowances = new Map<number, Allowance>();
  /** Sessions (by token) whose large answer was refused or left their account owing, and that account. */
  readonly #owingSessions = new Map<string, number>();

  constructor(
    private readonly limits: AccountWorkLimits,
    private readonly clock: Clock,
  ) {
    this.#sessions = new Lanes(limits);
    this.#accounts = new Lanes(limits);
  }

  /** Waits for the session's turn (its token names it) and answers the function that ends it (call it exactly once). */
  enterSession(token: string): Promise<() => void> {
    return this.#sessions.enter(token);
  }

  /** Waits for the account's turn and answers the function that ends it (call it exactly once). */
  enter(accountId: number): Promise<() => void> {
    return this.#accounts.enter(accountId);
  }

  /** The account's allowance now, refilled for the time since it was last counted. */
  #allowance(accountId: number): Allowance {
    const now = this.clock.now().getTime();
    const { answerCells } = this.limits;
    const last = this.#allowances.get(accountId);
    const cells = last ? Math.min(answerCells, last.cells + (Math.max(0, now - last.at) * answerCells) / 1000) : answerCells;
    return { cells, at: now };
  }

  #refuseWhenUsedUp(allowance: Allowance): void {
    if (allowance.cells > 0) return;
    throw tooManyRequests(Math.max(1, Math.ceil(-allowance.cells / this.limits.answerCells)));
  }

  /** Remembers that `session`'s account owes answer cells, so that its next large answer is refused unlooked-up. */
  #owing(session: string, accountId: number): void {
    // Bounded: forgetting only costs the next call a lookup before the same refusal.
    if (this.#owingSessions.size >= MAX_OWING_SESSIONS) this.#owingSessions.clear();
    this.#owingSessions.set(session, accountId);
  }

  /**
   * Refuses a large answer on a session whose account owed answer cells when last seen and still does, before the
   * session is looked up (so within the debt's second or two a session ended meanwhile is 429 rather than 401). The
   * refusal is answered once the debt is repaid, at most a second later, holding no lane and no connection of the
   * pool meanwhile: a client that sends again as soon as it is answered, whatever `Retry-After` says, is slowed to
   * the pace of its allowance instead of being refused as fast as it can ask.
   */
  async refuseSessionWhileOwing(session: string): Promise<void> {
    const accountId = this.#owingSessions.get(session);
    if (accountId === undefined) return;
    const allowance = this.#allowance(accountId);
    if (allowance.cells > 0) return void this.#owingSessions.delete(session);
    const repaidInMs = (-allowance.cells * 1000) / this.limits.answerCells;
    await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REFUSAL_WAIT_MS, Math.max(MIN_REFUSAL_WAIT_MS, repaidInMs))));
    this.#refuseWhenUsedUp(allowance);
  }

  /** Refuses a large answer before it is made while the account's allowance is used up. */
  refuseWhileAnswersUsedUp(accountId: number, session?: string): void {
    const allowance = this.#allowance(accountId);
    if (allowance.cells <= 0 && session !== undefined) this.#owing(session, accountId);
    this.#refuseWhenUsedUp(allowance);
  }

  /** Takes a made answer's cells from the account's allowance; refused if another answer used it up meanwhile. */
  takeAnswerCells(accountId: number, cells: number, session?: string): void {
    const allowance = this.#allowance(accountId);
    if (allowance.cells <= 0 && session !== undefined) this.#owing(session, accountId);
    this.#refuseWhenUsedUp(allowance);
    allowance.cells -= cells;
    if (allowance.cells <= 0 && session !== undefined) this.#owing(session, accountId);
    // A full allowance need not be remembered: the next answer finds it full again.
    this.#allowances.delete(accountId);
    if (allowance.cells < this.limits.answerCells) this.#allowances.set(accountId, allowance);
  }

  /** Calls of the account running and waiting now, and its allowance of answer cells (for tests and logs). */
  load(accountId: number): { running: number; waiting: number; answerCells: number } {
    return { ...this.#accounts.load(accountId), answerCells: this.#allowance(accountId).cells };
  }

  /** Forgets every account's allowance: for a database emptied under a running process (the tests' reset), whose ids start again. */
  forgetAllowances(): void {
    this.#allowances.clear();
    this.#owingSessions.clear();
  }

  /** Calls of the session running and waiting now (for tests). */
  sessionLoad(token: string): { running: number; waiting: number } {
    return this.#sessions.load(token);
  }
}
