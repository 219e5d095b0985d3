import type { Config } from '../config.js';
import type { IUser } from '../db/entities/user.js';
import type { PasswordHasher } from './accounts/passwords.js';
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

/** A use case run before anyone is signed in: sign-in, first-run setup, accepting an invitation. */
export type PublicServiceContext = Omit<ServiceContext, 'actor'>;

/** The process's own parts that some use cases need besides the request's: hashing and the settings. */
export interface ServiceDeps {
  hasher: PasswordHasher;
  config: Config;
}
