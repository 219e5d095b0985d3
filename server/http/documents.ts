import express, { type Router } from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildOpenApiDocument, DOCS_PATH, OPENAPI_MEDIA_TYPE, OPENAPI_PATH } from '../openapi/document.js';

export const API_CATALOG_PATH = '/.well-known/api-catalog';
// RFC 9727 §4.2: the catalog's linkset names the api-catalog profile.
const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

// Swagger UI's prebuilt files, served from the package itself so the page needs no outside network.
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>nobat API</title>
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#docs',
  deepLinking: true,
  // No badge fetched from Swagger's public validator: the page talks to this service only.
  validatorUrl: null,
  // The service refuses a state-changing request without a JSON content type, even one with no body.
  requestInterceptor: (request) => {
    if (!['GET', 'HEAD'].includes(request.method) && !request.headers['Content-Type']) {
      request.headers['Content-Type'] = 'application/json';
    }
    return request;
  },
});
`;

/** The RFC 9727 catalog: one entry for this service's API, with absolute links built from PUBLIC_URL. */
export function apiCatalog(publicUrl: string) {
  return {
    linkset: [
      {
        anchor: `${publicUrl}/api`,
        'service-desc': [{ href: `${publicUrl}${OPENAPI_PATH}`, type: OPENAPI_MEDIA_TYPE }],
        'service-doc': [{ href: `${publicUrl}${DOCS_PATH}`, type: 'text/html' }],
        status: [{ href: `${publicUrl}/api/health`, type: 'application/json' }],
      },
    ],
  };
}

/** `GET /api/openapi.json`, `GET /api/docs` (and its assets), `GET|HEAD /.well-known/api-catalog`. */
export function documentsRouter(publicUrl: string): Router {
  const document = JSON.stringify(buildOpenApiDocument(publicUrl));
  const catalog = JSON.stringify(apiCatalog(publicUrl));
  const link = [
    `<${publicUrl}${API_CATALOG_PATH}>; rel="api-catalog"`,
    `<${publicUrl}${OPENAPI_PATH}>; rel="service-desc"; type="${OPENAPI_MEDIA_TYPE}"`,
    `<${publicUrl}${DOCS_PATH}>; rel="service-doc"; type="text/html"`,
  ].join(', ');

  const router = express.Router({ strict: true });
  router.get(OPENAPI_PATH, (_req, res) => {
    res.type(OPENAPI_MEDIA_TYPE).send(document);
  });
  router.get(DOCS_PATH, (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  router.get(`${DOCS_PATH}/`, (_req, res) => res.redirect(301, DOCS_PATH));
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => {
    res.type('js').send(DOCS_INIT);
  });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${DOCS_PATH}/${file}`, (_req, res, next) => {
      res.sendFile(join(SWAGGER_UI_DIR, file), { cacheControl: false }, (error) => error && next(error));
    });
  }
  // Express answers HEAD with the GET route's headers, so a HEAD carries the Link header too (RFC 9727 §2).
  router.get(API_CATALOG_PATH, (_req, res) => {
    res.set('Link', link).type(API_CATALOG_TYPE).send(catalog);
  });
  return router;
}
