import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/user.js';

/** An installation needs first-run setup until its first account exists. */
export async function needsSetup(em: EntityManager): Promise<boolean> {
  return (await em.count(User, {})) === 0;
}
