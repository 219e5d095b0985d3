import { z } from 'zod';
import { ZUser, ZWardSummary } from './user.js';

export const ZMeResponse = z.object({
  user: ZUser,
  /** Today's date (YYYY-MM-DD) in the server's configured time zone. */
  today: z.iso.date(),
  /** The selected ward: the one named by `X-Ward` or `?ward=`, else the home ward. */
  ward: ZWardSummary,
});
export type TMeResponse = z.infer<typeof ZMeResponse>;
