import { describe, expect, it } from '@jest/globals';
import { useTestServer } from './support/suite.js';

describe('bodies on the tRPC face', () => {
  const server = useTestServer();

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await server.client().request('POST', '/trpc/auth.login', { rawBody: '{"username": "a",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String), code: 'invalid_json' });
  });

  it('answers a body over 100 KiB with 413 payload_too_large', async () => {
    const response = await server.client().post('/trpc/auth.login', { username: 'a'.repeat(101 * 1024), password: 'p' });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: expect.any(String), code: 'payload_too_large' });
  });

  it('answers a mutation without a JSON content type with 415 unsupported_media_type', async () => {
    const response = await server.client().request('POST', '/trpc/auth.login', { rawBody: '{}', contentType: 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: expect.any(String), code: 'unsupported_media_type' });
  });
});
