// Writes test/generated/api.ts: openapi-typescript's types for the document the server serves,
// which the REST client test builds on. Run after changing a route: `npm run api:types`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderApiTypes } from '@nobat/openapi-types';
import { buildOpenApiDocument } from '../server/openapi/document.js';

const API_TYPES_FILE = 'test/generated/api.ts';

// The server URL does not reach the types; any PUBLIC_URL gives the same file.
const source = await renderApiTypes(buildOpenApiDocument('http://localhost:3000'));
mkdirSync(dirname(API_TYPES_FILE), { recursive: true });
writeFileSync(API_TYPES_FILE, source);
console.log(`wrote ${API_TYPES_FILE}`);
