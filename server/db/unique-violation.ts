import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** The name of the unique constraint or index that `error` violated, when it is a unique violation. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof UniqueConstraintViolationException)) return undefined;
  return (error as { constraint?: string }).constraint;
}
