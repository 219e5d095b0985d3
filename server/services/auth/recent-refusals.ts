/**
 * When this process last saw a refused sign-in of a pair recorded in the audit trail: an address and a subject (what
 * was refused: the kind of sign-in and the username as typed, see `recordRefusal`). The trail keeps the first refusal
 * of a pair inside the window; once this process has seen that row (written it, or found it), a flood of further
 * refusals costs no query to look for it again. Another process learns of the row from the database the first time
 * it refuses the pair. At most `capacity` pairs are kept, the oldest dropped first.
 */
export class RecentRefusals {
  private readonly recordedAt = new Map<string, number>();

  constructor(private readonly capacity = 10_000) {}

  /** Whether a refusal of the pair recorded after `since` is known here. */
  knownSince(ip: string | null, subject: string, since: Date): boolean {
    const at = this.recordedAt.get(pairKey(ip, subject));
    return at !== undefined && at > since.getTime();
  }

  /** Forgets every pair: the audit trail was emptied under this process. */
  forget(): void {
    this.recordedAt.clear();
  }

  /** A refusal of the pair is recorded at `at` (written now, or found in the trail). */
  note(ip: string | null, subject: string, at: Date): void {
    const key = pairKey(ip, subject);
    this.recordedAt.delete(key);
    if (this.recordedAt.size >= this.capacity) this.recordedAt.delete(this.recordedAt.keys().next().value!);
    this.recordedAt.set(key, at.getTime());
  }
}

const pairKey = (ip: string | null, subject: string) => `${ip ?? ''}\u0000${subject}`;
