import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';

// 23503 foreign_key_violation; 23001 restrict_violation, which newer PostgreSQL (18) raises instead for a key
// declared `on delete restrict`, and which the ORM passes on as a plain driver error.
const CODES = new Set(['23503', '23001']);

/** The name of the foreign key that `error` violated, when it is a foreign-key violation (either code). */
export function violatedForeignKey(error: unknown): string | undefined {
  if (!(error instanceof ForeignKeyConstraintViolationException) && !CODES.has(String((error as { code?: unknown } | null)?.code))) return undefined;
  return (error as { constraint?: string }).constraint ?? '';
}
