import { z } from 'zod';

export const ZHealthResponse = z.object({
  ok: z.boolean(),
  db: z.enum(['up', 'down']),
  /** The job queue's own connections; absent in a process without a queue. */
  queue: z.enum(['up', 'down']).optional(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
