/** What a service needs of the job queue: to put a message on a queue, and to know whether it answers. */
export interface JobSender {
  /** `priority`: higher is taken first (then the oldest). */
  send(queue: string, data: object, options?: { priority?: number }): Promise<string | null>;
  /** True when the queue's own database connections answer a trivial query within `timeoutMs`; absent without a queue. */
  isUp?(timeoutMs: number): Promise<boolean>;
}
