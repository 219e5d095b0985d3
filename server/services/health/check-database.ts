import type { EntityManager } from '@mikro-orm/postgresql';

/** True when the database answers a trivial query within `timeoutMs`. */
export async function databaseIsUp(em: EntityManager, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = em.execute('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
