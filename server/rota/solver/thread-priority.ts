import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** A search thread's nice value. */
export const SEARCH_NICE = 10;
/**
 * The bound thread's: the searches'. Above them (nice 5: about three times their share of a core) the bound settled
 * in 8–21 s rather than 13–30 s of a 60 s solve, and the rosters were no better for it (BENCHMARKS.md).
 */
export const BOUND_NICE = SEARCH_NICE;

/**
 * A solver thread takes a whole core for as long as it runs; the process's other threads (the API's event loop,
 * PostgreSQL's clients) come first. On Linux a thread has a nice value of its own, set through its thread
 * id; elsewhere, or where the system refuses, the thread keeps the process's priority.
 */
export function lowerThisThreadsPriority(nice: number = SEARCH_NICE): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, nice);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
}
