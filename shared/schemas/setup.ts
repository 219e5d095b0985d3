import { z } from 'zod';
import { ZName, ZPassword, ZUsername } from './fields.js';

export const ZSetupStatusResponse = z.object({ needsSetup: z.boolean() });
export type TSetupStatusResponse = z.infer<typeof ZSetupStatusResponse>;

export const ZSetupRequest = z.object({
  hospitalName: ZName,
  wardName: ZName,
  name: ZName,
  username: ZUsername,
  password: ZPassword,
});
export type TSetupRequest = z.infer<typeof ZSetupRequest>;
