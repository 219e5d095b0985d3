import { describe, expect, it } from '@jest/globals';
import { useTestServer } from './support/suite.js';

const PUBLIC_URL = 'https://nobat.hospital.test';

describe('the API catalog at /.well-known/api-catalog (RFC 9727)', () => {
  const server = useTestServer({ env: { PUBLIC_URL } });

  it('answers GET with a linkset whose entry links the OpenAPI document and the docs page by absolute PUBLIC_URL addresses', async () => {
    const response = await server.client().get('/.well-known/api-catalog');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"/);
    expect(response.body).toEqual({
      linkset: [
        {
          anchor: `${PUBLIC_URL}/api`,
          'service-desc': [{ href: `${PUBLIC_URL}/api/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' }],
          'service-doc': [{ href: `${PUBLIC_URL}/api/docs`, type: 'text/html' }],
          status: [{ href: `${PUBLIC_URL}/api/health`, type: 'application/json' }],
        },
      ],
    });
  });

  it('links to documents the service really serves', async () => {
    const { body } = await server.client().get('/.well-known/api-catalog');
    const [entry] = body.linkset;
    const client = server.client();
    const description = await client.get(new URL(entry['service-desc'][0].href).pathname);
    expect(description.status).toBe(200);
    expect(description.body.openapi).toMatch(/^3\./);
    const docs = await client.get(new URL(entry['service-doc'][0].href).pathname);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await client.get(new URL(entry.status[0].href).pathname)).body).toEqual({ ok: true, db: 'up' });
  });

  it('answers HEAD with no body and a Link header naming the catalog, the OpenAPI document and the docs page', async () => {
    const response = await server.client().request('HEAD', '/.well-known/api-catalog');
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    const link = response.headers.get('link');
    expect(link).toContain(`<${PUBLIC_URL}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(link).toContain(`<${PUBLIC_URL}/api/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`);
    expect(link).toContain(`<${PUBLIC_URL}/api/docs>; rel="service-doc"; type="text/html"`);
  });

  it('answers other methods on the catalog with 404 in the Error shape', async () => {
    const response = await server.client().post('/.well-known/api-catalog', {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: expect.any(String), code: 'not_found' });
  });
});
