import { describe, expect, it } from '@jest/globals';
import { useTestServer } from './support/suite.js';

describe('the language of errors answered before any procedure runs', () => {
  const server = useTestServer();

  it.each([
    ['GET', '/api/no-such-route'],
    ['POST', '/api/no-such-route'],
    ['GET', '/api'],
    ['DELETE', '/api/auth/login'],
  ])('%s %s answers 404 in English when Accept-Language prefers it, Persian otherwise', async (method, path) => {
    const english = await server.client().request(method, path, { headers: { 'Accept-Language': 'en-GB,en;q=0.9,fa;q=0.5' } });
    expect([english.status, english.body]).toEqual([404, { error: 'Not found.', code: 'not_found' }]);
    const persian = await server.client().request(method, path);
    expect([persian.status, persian.body]).toEqual([404, { error: 'یافت نشد.', code: 'not_found' }]);
  });

  it('answers an unknown tRPC procedure in English when asked', async () => {
    const response = await server.client().get('/trpc/no.such', { headers: { 'Accept-Language': 'en' } });
    expect(response.status).toBe(404);
    expect(response.body.error.data).toMatchObject({ code: 'not_found', error: 'Not found.' });
  });
});
