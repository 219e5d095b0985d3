// The floor a route is measured against: node:http and pg with nothing in between.
// Usage: node bench/yardsticks/floor-server.ts health|health-db|me
// Environment: DATABASE_URL (health-db, me), SESSION_SECRET (me). Prints "listening on http://…".
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';

const mode = process.argv[2];
if (mode !== 'health' && mode !== 'health-db' && mode !== 'me') {
  console.error('usage: floor-server.ts health|health-db|me');
  process.exit(2);
}

// The same pool size as the service's ORM, so neither side gets more database connections.
const pool = mode === 'health' ? null : new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = process.env.SESSION_SECRET ?? '';
const timeZone = process.env.APP_TIMEZONE ?? 'Asia/Tehran';
const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

// Token hash → live session → user (and the user's home ward, which /api/me also answers with), in one round trip.
const SESSION_USER = `
  select u.id, u.name, u.username, u.role, u.must_change_password, u.is_super_admin, u.ward_id, u.active,
         u.email, u.category, u.title, u.gender, w.name as ward_name
    from session s
    join app_user u on u.id = s.user_id
    join ward w on w.id = u.ward_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** The token of a correctly signed `nobat_sid` cookie, as the service checks it. */
function sessionToken(cookieHeader: string | undefined): string | null {
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

async function me(cookieHeader: string | undefined, res: ServerResponse): Promise<void> {
  const token = sessionToken(cookieHeader);
  if (!token) return send(res, 401, { error: 'unauthenticated', code: 'unauthenticated' });
  const now = new Date();
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool!.query(SESSION_USER, [hash, now]);
  const row = rows[0];
  if (!row) return send(res, 401, { error: 'unauthenticated', code: 'unauthenticated' });
  if (!row.active) return send(res, 403, { error: 'account_inactive', code: 'account_inactive' });
  send(res, 200, {
    user: {
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
    },
    today: today.format(now),
    ward: { id: row.ward_id, name: row.ward_name },
  });
}

const server = createServer((req, res) => {
  const path = req.url?.split('?')[0];
  const fail = (error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { error: 'internal', code: 'internal' });
  };
  if (req.method === 'GET' && path === '/api/health' && mode === 'health') return send(res, 200, { ok: true, db: 'up' });
  if (req.method === 'GET' && path === '/api/health' && mode === 'health-db') {
    return void pool!.query('select 1').then(() => send(res, 200, { ok: true, db: 'up' }), fail);
  }
  if (req.method === 'GET' && path === '/api/me' && mode === 'me') return void me(req.headers.cookie, res).catch(fail);
  send(res, 404, { error: 'not_found', code: 'not_found' });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});

const stop = () => {
  server.close();
  server.closeAllConnections();
  void (pool?.end() ?? Promise.resolve()).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
