import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** The name of the unique constraint or index that `error` violated, when it is a unique violation. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof UniqueConstraintViolationException)) return undefined;
  return (error as { constraint?: string }).constraint;
}

/**
 * Runs `work`, turning a violation of the unique index `constraint` into `refusal(error)`: of two racing writes of one
 * key, the loser gets that refusal instead of a database error.
 */
export async function refusingDuplicates<T>(constraint: string, refusal: (cause: unknown) => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violatedUniqueConstraint(error) === constraint) throw refusal(error);
    throw error;
  }
}
