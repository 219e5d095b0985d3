// What a yardstick's GET /api/me does, as the service does it: check the `nobat_sid` cookie's HMAC, sha256 of its
// token, one query session → user → home ward, and the same JSON.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import pg from 'pg';

/** A yardstick's pool: the same size as the service's ORM's, so neither side gets more database connections. */
export function yardstickPool(): pg.Pool {
  return new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
}

// Token hash → live session → user (and the user's home ward, which /api/me also answers with), in one round trip.
const SESSION_USER = `
  select u.id, u.name, u.username, u.role, u.must_change_password, u.is_super_admin, u.ward_id, u.active,
         u.email, u.category, u.title, u.gender, w.name as ward_name
    from session s
    join app_user u on u.id = s.user_id
    join ward w on w.id = u.ward_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`;

export interface MeAnswer {
  status: number;
  body: unknown;
}

/** An `app_user` row as the service answers it: listed fields only. */
export function publicUserOf(row: Record<string, unknown>): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: row.role,
    mustChangePassword: row.must_change_password,
    isSuperAdmin: row.is_super_admin,
    wardId: row.ward_id,
    active: row.active,
    ...(row.email ? { email: row.email } : {}),
    ...(row.category ? { category: row.category } : {}),
    ...(row.title ? { title: row.title } : {}),
    ...(row.gender ? { gender: row.gender } : {}),
  };
}

/** The token of a correctly signed `nobat_sid` cookie, as the service checks it. */
function sessionToken(cookieHeader: string | undefined, secret: string): string | null {
  const match = /(?:^|;\s*)nobat_sid=([^;]+)/.exec(cookieHeader ?? '');
  if (!match) return null;
  const value = decodeURIComponent(match[1]!);
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function meLookup(pool: pg.Pool, secret: string, timeZone: string): (cookieHeader: string | undefined) => Promise<MeAnswer> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return async (cookieHeader) => {
    const token = sessionToken(cookieHeader, secret);
    if (!token) return { status: 401, body: { error: 'unauthenticated', code: 'unauthenticated' } };
    const now = new Date();
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await pool.query(SESSION_USER, [hash, now]);
    const row = rows[0];
    if (!row) return { status: 401, body: { error: 'unauthenticated', code: 'unauthenticated' } };
    if (!row.active) return { status: 403, body: { error: 'account_inactive', code: 'account_inactive' } };
    return {
      status: 200,
      body: {
        user: publicUserOf(row),
        today: today.format(now),
        ward: { id: row.ward_id, name: row.ward_name },
      },
    };
  };
}
