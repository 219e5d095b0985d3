import type { EntityManager } from '@mikro-orm/postgresql';
import { AuthEvent } from '../../db/entities/auth-event.js';
import { User } from '../../db/entities/user.js';
import { storedUserAgent, type RequestClient } from '../request-client.js';

export type AuthEventType =
  | 'setup_completed'
  | 'login_succeeded'
  | 'login_failed'
  | 'logout'
  | 'session_revoked'
  | 'sessions_revoked_others'
  | 'password_changed'
  | 'password_reset'
  | 'account_deactivated'
  | 'account_activated'
  | 'invite_issued'
  | 'invite_accepted'
  | 'invite_revoked'
  | 'passkey_registered'
  | 'passkey_renamed'
  | 'passkey_removed';

export interface AuthEventInput {
  type: AuthEventType;
  client: RequestClient;
  userId?: number | null;
  actorId?: number | null;
  /** As typed at a failed sign-in. */
  username?: string | null;
  reason?: string | null;
}

/** A typed username as the audit trail keeps it: at most 200 characters. Queries for a stored one compare with this. */
export function auditedUsername(username: string | null | undefined): string | null {
  return username?.slice(0, 200) ?? null;
}

/** Adds an audit record to the unit of work; it is stored with the change it describes. */
export function recordAuthEvent(em: EntityManager, event: AuthEventInput, now: Date): void {
  em.create(AuthEvent, {
    type: event.type,
    user: event.userId ? em.getReference(User, event.userId) : null,
    actor: event.actorId ? em.getReference(User, event.actorId) : null,
    username: auditedUsername(event.username),
    reason: event.reason ?? null,
    ip: event.client.ip,
    userAgent: storedUserAgent(event.client),
    createdAt: now,
  });
}
