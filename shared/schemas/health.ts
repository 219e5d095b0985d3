import { z } from 'zod';

export const ZHealthResponse = z.object({ ok: z.boolean(), db: z.enum(['up', 'down']) });
export type THealthResponse = z.infer<typeof ZHealthResponse>;
