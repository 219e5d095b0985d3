import { describe, expect, it } from '@jest/globals';
import { useTestServer } from './support/suite.js';

describe('security headers', () => {
  const server = useTestServer();

  it.each(['/api/health', '/api/me', '/api/no-such-route', '/trpc/health.check', '/api/openapi.json', '/api/docs', '/api/docs/swagger-ui-bundle.js', '/.well-known/api-catalog', '/elsewhere'])(
    'forbid content sniffing and framing on %s',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-powered-by')).toBeNull();
      // An unread body keeps its connection open after the file ends (the bundle is larger than the socket buffers).
      await response.body?.cancel();
    },
  );

  it('give the documentation page a Content-Security-Policy that allows only this service and no framing', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    const policy = Object.fromEntries(
      response.headers
        .get('content-security-policy')!
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
    });
  });
});
