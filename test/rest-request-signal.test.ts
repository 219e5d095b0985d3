import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { useTestServer } from './support/suite.js';

// The REST face (trpc-to-openapi, patched: patches/trpc-to-openapi+3.3.0.patch) takes a call's abort signal from the
// response's `close` event instead of building a Fetch Request for every call only to read that signal.
describe('the REST face', () => {
  const server = useTestServer();
  const original = globalThis.Request;
  let built = 0;
  globalThis.Request = class CountedRequest extends original {
    constructor(...args: ConstructorParameters<typeof Request>) {
      super(...args);
      built += 1;
    }
  };
  afterEach(() => {
    built = 0;
  });
  afterAll(() => {
    globalThis.Request = original;
  });

  it('answers GET and POST calls without building a Fetch Request', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
    });
    expect(login.status).toBe(401);
    expect(built).toBe(0);
  });

  it('is told apart from the tRPC face, which does build one per request', async () => {
    const response = await fetch(`${server.url}/trpc/health.check`);
    expect(response.status).toBe(200);
    expect(built).toBeGreaterThan(0);
  });
});
