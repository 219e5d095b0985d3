// The floor a route is measured against: node:http and pg with nothing in between.
// Usage: node bench/yardsticks/floor-server.ts health|health-db|me
// Environment: DATABASE_URL (health-db, me), SESSION_SECRET (me). Prints "listening on http://…".
import { createServer, type ServerResponse } from 'node:http';
import { meLookup, yardstickPool } from './me-lookup.ts';

const mode = process.argv[2];
if (mode !== 'health' && mode !== 'health-db' && mode !== 'me') {
  console.error('usage: floor-server.ts health|health-db|me');
  process.exit(2);
}

const pool = mode === 'health' ? null : yardstickPool();
const lookup = pool === null ? null : meLookup(pool, process.env.SESSION_SECRET ?? '', process.env.APP_TIMEZONE ?? 'Asia/Tehran');

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
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
  if (req.method === 'GET' && path === '/api/me' && mode === 'me') return void lookup!(req.headers.cookie).then(({ status, body }) => send(res, status, body), fail);
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
