import { z } from 'zod';
import { ZName } from './fields.js';
import { ZWardSummary } from './user.js';

export const ZListWardsResponse = z.object({ wards: z.array(ZWardSummary) });
export type TListWardsResponse = z.infer<typeof ZListWardsResponse>;

export const ZCreateWardRequest = z.object({ name: ZName });
export type TCreateWardRequest = z.infer<typeof ZCreateWardRequest>;

export const ZCreateWardResponse = z.object({ ward: ZWardSummary });
export type TCreateWardResponse = z.infer<typeof ZCreateWardResponse>;
