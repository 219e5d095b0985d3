import type { IUser } from '../db/entities/user.js';
import type { RequestClient } from './request-client.js';

/**
 * What every use case is told besides its input: the moment it runs at, who acts, and from where.
 * Services take `(em, input, ctx)`; the procedure builds `ctx` from its tRPC context.
 */
export interface ServiceContext {
  now: Date;
  actor: IUser;
  client: RequestClient;
}
