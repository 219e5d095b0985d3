import { describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { useTestServer } from './support/suite.js';

interface Entry {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
}

const ERROR_LEVEL = 50;

describe('hostile request bodies', () => {
  const server = useTestServer();
  const entries = () => server.logs.map((line) => JSON.parse(line) as Entry);
  const errorLines = () => entries().filter((entry) => entry.level >= ERROR_LEVEL);

  async function post(path: string, body: Buffer | string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as { code: string } };
  }

  describe('JSON nested deeper than any request needs', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `{"username":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"password":"x"}`;

    it.each(['/api/auth/login', '/api/employees', '/api/account/password', '/trpc/auth.login', '/trpc/auth.login?batch=1'])(
      'is refused on %s with 400 invalid_input, and logs no error',
      async (path) => {
        const before = errorLines().length;
        for (const body of [deep, deepObject]) {
          const response = await post(path, body);
          expect([response.status, path.startsWith('/api') ? response.body.code : 'invalid_input']).toEqual([400, 'invalid_input']);
        }
        expect(errorLines().slice(before)).toEqual([]);
      },
    );

    it('is refused in a tRPC query input too', async () => {
      const input = encodeURIComponent(`${'['.repeat(2000)}${']'.repeat(2000)}`);
      const response = await fetch(`${server.url}/trpc/auth.me?input=${input}`);
      expect(response.status).toBe(400);
    });

    it('leaves ordinary nesting alone', async () => {
      const shallow = JSON.stringify({ username: 'nobody', password: 'wrong-password', extra: [[[[{ a: [1] }]]]] });
      expect((await post('/api/auth/login', shallow)).status).toBe(401);
    });
  });

  describe('content encodings', () => {
    const login = JSON.stringify({ username: 'nobody', password: 'wrong-password' });

    it('reads a gzip body', async () => {
      expect((await post('/api/auth/login', gzipSync(login), { 'Content-Encoding': 'gzip' })).status).toBe(401);
    });

    it('answers 400 invalid_json to a broken gzip body, logging no error', async () => {
      const before = errorLines().length;
      const broken = gzipSync(login).subarray(0, 20);
      const response = await post('/api/auth/login', Buffer.concat([broken, Buffer.from('junk')]), { 'Content-Encoding': 'gzip' });
      expect([response.status, response.body.code]).toEqual([400, 'invalid_json']);
      expect(errorLines().slice(before)).toEqual([]);
    });

    it.each([
      ['a brotli body', () => brotliCompressSync(login)],
      ['a broken brotli body', () => Buffer.from('not brotli at all')],
    ])('answers 415 unsupported_media_type to %s, logging no error', async (_, body) => {
      const before = errorLines().length;
      const response = await post('/api/auth/login', body(), { 'Content-Encoding': 'br' });
      expect([response.status, response.body.code]).toEqual([415, 'unsupported_media_type']);
      expect(errorLines().slice(before)).toEqual([]);
    });
  });

  it('logs a client that hangs up in the middle of its body below error level', async () => {
    const before = server.logs.length;
    const url = new URL(`${server.url}/api/auth/login`);
    await new Promise<void>((done) => {
      const outgoing = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' } });
      outgoing.on('error', () => done());
      outgoing.write('{"username":"half');
      setTimeout(() => {
        outgoing.destroy();
        done();
      }, 200);
    });
    // The server notices the hang-up on its own schedule: wait for its log line.
    for (let tries = 0; tries < 100 && !server.logs.slice(before).some((line) => line.includes('/api/auth/login')); tries++) {
      await new Promise((done) => setTimeout(done, 50));
    }
    const lines = server.logs.slice(before).map((line) => JSON.parse(line) as Entry);
    expect(lines.some((entry) => entry.req?.url === '/api/auth/login')).toBe(true);
    expect(lines.filter((entry) => entry.level >= ERROR_LEVEL)).toEqual([]);
    expect(server.logs.slice(before).join('\n')).not.toContain('stack');
  });
});

describe('invitation tokens in paths of any letter case', () => {
  const server = useTestServer();

  it.each(['/api/invite/', '/API/INVITE/', '/Api/Invite/'])('are never logged in clear (%s)', async (prefix) => {
    const token = `t0ken-${prefix.length}-${Math.random().toString(36).slice(2)}`;
    await fetch(`${server.url}${prefix}${token}`);
    await fetch(`${server.url}${prefix}${token}/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await new Promise((done) => setTimeout(done, 50));
    expect(server.logs.join('\n')).not.toContain(token);
  });
});
