import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';

// 23503 foreign_key_violation; 23001 restrict_violation, which newer PostgreSQL (18) raises instead for a key
// declared `on delete restrict`, and which the ORM passes on as a plain driver error.
const CODES = new Set(['23503', '23001']);

/** Whether `error` is a foreign key refusing a write or a delete (either code). */
export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof ForeignKeyConstraintViolationException || CODES.has(String((error as { code?: unknown } | null)?.code));
}
