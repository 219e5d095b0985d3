import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';

/** The name of the foreign key that `error` violated (SQLSTATE 23503), when it is a foreign-key violation. */
export function violatedForeignKey(error: unknown): string | undefined {
  if (!(error instanceof ForeignKeyConstraintViolationException)) return undefined;
  return (error as { constraint?: string }).constraint;
}
