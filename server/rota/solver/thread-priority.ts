import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * A solver thread takes a whole core for as long as it runs; the process's other threads (the API's event loop,
 * PostgreSQL's clients) come first. On Linux a thread has a nice value of its own, set through its thread
 * id; elsewhere, or where the system refuses, the thread keeps the process's priority.
 */
export function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
}
