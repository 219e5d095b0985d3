import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { ERRORS, type ErrorCode } from '../shared/errors.js';
import { isSignedIn, restOperations, type RestOperation } from '../server/openapi/operations.js';
import { appRouter } from '../server/routers/_app.js';
import type { Access } from '../server/trpc/init.js';
import { authedProcedure, managerProcedure, usesSelectedWard, withSelectedWard } from '../server/trpc/procedures.js';
import type { TestClient } from './support/client.js';
import { ADMIN, insertUser, setUpInstallation, signIn } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

const PUBLIC_URL = 'https://nobat.hospital.test';
const PASSWORD = 'employee-password-1';
const operations = restOperations();
const operationName = (operation: RestOperation) => `${operation.method} ${operation.path}`;
const rank: Record<Access, number> = { public: 0, signedIn: 1, authed: 2, manager: 3, superAdmin: 4 };
const atLeast = (operation: RestOperation, access: Access) => operation.access !== undefined && rank[operation.access] >= rank[access];

// The document's objects, as far as these tests read them.
interface ResponseObject {
  description: string;
  content?: { 'application/json'?: { schema?: { $ref?: string }; examples?: Record<string, { value: { code: string } }> } };
}
interface OperationObject {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  requestBody?: unknown;
  responses: Record<string, ResponseObject>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    securitySchemes: Record<string, unknown>;
    parameters: Record<string, { name: string; in: string }>;
  };
}

/** A path with every `{param}` filled, so that the route matches. */
function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '1');
}

/** Calls an operation with an empty body: enough to reach every check that runs before input validation. */
function call(client: TestClient, operation: RestOperation, headers: Record<string, string> = {}) {
  const path = concretePath(operation.path);
  return operation.method === 'GET' ? client.get(path, { headers }) : client.request(operation.method, path, { body: {}, headers });
}

/** The codes the contract says each kind of operation can answer with, written out here independently of the document code. */
function expectedCodes(operation: RestOperation, takesInput: boolean): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(['internal', ...(operation.meta.errors ?? [])]);
  if (operation.method !== 'GET') ['invalid_json', 'payload_too_large', 'unsupported_media_type'].forEach((c) => codes.add(c as ErrorCode));
  if (takesInput) codes.add('invalid_input');
  // A signed-in account's calls past its line (server/trpc/account-work.ts).
  if (atLeast(operation, 'signedIn')) codes.add('unauthenticated').add('account_inactive').add('too_many_requests');
  if (atLeast(operation, 'authed')) codes.add('must_change_password');
  if (atLeast(operation, 'manager')) codes.add('forbidden');
  if (operation.wardScoped) codes.add('invalid_input').add('ward_forbidden');
  // The database being down: an Error everywhere but where the operation answers 503 with its own shape.
  if (!operation.meta.outputStatuses?.includes(503)) codes.add('service_unavailable');
  return codes;
}

describe('the OpenAPI document', () => {
  const server = useTestServer({ env: { PUBLIC_URL } });
  let document: Document;
  let documentText: string;

  beforeAll(async () => {
    const response = await server.client().get('/api/openapi.json');
    expect(response.status).toBe(200);
    documentText = response.text;
    document = response.body;
  });

  it('is served as an OpenAPI 3 document, version 1.0.0, whose server is PUBLIC_URL', async () => {
    const response = await server.client().get('/api/openapi.json');
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.oai\.openapi\+json;\s*version=3\.1/);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'nobat', version: '1.0.0' });
    expect(document.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
  });

  it('lints with zero errors under @redocly/cli (recommended rules, as configured in redocly.yaml)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nobat-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, documentText);
      const redocly = join(process.cwd(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const run = await promisify(execFile)(process.execPath, [redocly, 'lint', file, '--config', 'redocly.yaml', '--format', 'json'], {
        // No usage report sent, no update check: the linter stays on this machine.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((failure: { stdout?: string; stderr?: string }) => failure);
      const report = JSON.parse(run.stdout ?? '') as { totals: { errors: number }; problems: { severity: string; ruleId: string; message: string }[] };
      const errors = report.problems.filter((problem) => problem.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('defines the Error schema, the nobat_sid cookie scheme and the ward selection parameters', () => {
    expect(document.components.schemas.Error).toMatchObject({
      properties: { error: { type: 'string' }, code: { type: 'string', enum: Object.keys(ERRORS) }, issues: { type: 'array' } },
      required: ['error', 'code'],
    });
    expect(document.components.securitySchemes).toEqual({ nobat_sid: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'nobat_sid' }) });
    expect(document.components.parameters.XWard).toMatchObject({ name: 'X-Ward', in: 'header', required: false });
    expect(document.components.parameters.ward).toMatchObject({ name: 'ward', in: 'query', required: false });
    // Nothing of the generator's own `{ message, code }` error shape is left.
    expect(Object.keys(document.components.schemas)).toEqual(['Error']);
  });

  it('finds REST procedures in the router, each built on a procedure builder that names its access', () => {
    expect(operations.map(operationName)).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/me', 'POST /api/auth/setup']));
    expect(operations.filter((operation) => operation.access === undefined).map(operationName)).toEqual([]);
    // The ward scope is read from the middleware chain: `me` runs withSelectedWard, login does not.
    expect(usesSelectedWard(appRouter.auth.me)).toBe(true);
    expect(usesSelectedWard(appRouter.auth.login)).toBe(false);
  });

  it("keeps the builder's access when a route sets its own meta, and sees withSelectedWard wherever it is used", () => {
    const openapi = { method: 'GET', path: '/api/probe' } as const;
    const probe = managerProcedure.use(withSelectedWard).meta({ openapi }).input(z.void()).output(z.void()).query(() => undefined);
    expect(probe._def.meta).toEqual({ access: 'manager', openapi });
    expect(usesSelectedWard(probe)).toBe(true);
    const plain = authedProcedure.meta({ openapi, errors: ['not_found'] }).input(z.void()).output(z.void()).query(() => undefined);
    expect(plain._def.meta).toEqual({ access: 'authed', openapi, errors: ['not_found'] });
    expect(usesSelectedWard(plain)).toBe(false);
  });

  it('lists exactly the operations the router serves, each with a summary and a tag', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(operations.map(operationName).sort());
    for (const operation of operations) {
      const documentedOperation = document.paths[operation.path]![operation.method.toLowerCase()]!;
      const described = { summary: Boolean(documentedOperation.summary), tagged: (documentedOperation.tags?.length ?? 0) > 0 };
      expect({ operation: operationName(operation), ...described }).toEqual({ operation: operationName(operation), summary: true, tagged: true });
    }
  });

  it.each(operations.map((operation) => [operationName(operation), operation] as const))(
    'documents %s with its success status, its error statuses in the Error shape and its ward parameters',
    (_name, operation) => {
      const documented = document.paths[operation.path]![operation.method.toLowerCase()]!;
      const success = String(operation.meta.successStatus ?? 200);
      // A route that answers a document (CSV, HTML, iCalendar) lists its own media type, and only that.
      const mediaType = operation.meta.produces?.contentType.split(';')[0] ?? 'application/json';
      expect(Object.keys(documented.responses[success]?.content ?? {})).toEqual([mediaType]);
      expect((documented.responses[success]?.content as Record<string, { schema?: unknown }>)[mediaType]?.schema).toBeDefined();
      if (success !== '200') expect(documented.responses['200']).toBeUndefined();

      const parameters = documented.parameters ?? [];
      const ownParameters = parameters.filter((parameter) => !parameter.$ref?.startsWith('#/components/parameters/'));
      const takesInput = Boolean(documented.requestBody) || ownParameters.length > 0;
      const codes = expectedCodes(operation, takesInput);
      const statusOf = (code: ErrorCode) => String(operation.meta.errorStatuses?.[code] ?? ERRORS[code].status);
      const expectedStatuses = new Set([...codes].map(statusOf));
      const documentedErrorStatuses = Object.keys(documented.responses).filter((status) => Number(status) >= 400 && !operation.meta.outputStatuses?.includes(Number(status)));
      expect(documentedErrorStatuses.sort()).toEqual([...expectedStatuses].sort());

      for (const code of codes) {
        const response = documented.responses[statusOf(code)]!;
        expect({ code, schema: response.content?.['application/json']?.schema }).toEqual({ code, schema: { $ref: '#/components/schemas/Error' } });
        expect(response.content?.['application/json']?.examples?.[code]?.value.code).toBe(code);
        expect(response.description).toContain(code);
      }

      const wardParameters = parameters.filter((parameter) => ['#/components/parameters/XWard', '#/components/parameters/ward'].includes(parameter.$ref ?? ''));
      expect(wardParameters).toHaveLength(operation.wardScoped ? 2 : 0);
    },
  );

  describe('against the running service', () => {
    let employee: TestClient;
    let wardManager: TestClient;
    const anonymousAnswers = new Map<string, { status: number; body: { code?: string } }>();

    beforeAll(async () => {
      await server.reset();
      const anonymous = server.client();
      // Before setup: what an anonymous caller gets, recorded per operation.
      for (const operation of operations) anonymousAnswers.set(operationName(operation), await call(anonymous, operation));

      const { hospitalId, wardId } = await setUpInstallation(server);
      const password = PASSWORD;
      await insertUser(server, { hospitalId, wardId, username: 'employee', password });
      await insertUser(server, { hospitalId, wardId, username: 'pending', password, mustChangePassword: true });
      await insertUser(server, { hospitalId, wardId, username: 'manager', password, role: 'manager' });
      employee = await signIn(server, 'employee', password);
      wardManager = await signIn(server, 'manager', password);
    });

    it('marks with the nobat_sid cookie exactly the operations that answer 401 unauthenticated without a session', () => {
      for (const operation of operations) {
        const answer = anonymousAnswers.get(operationName(operation))!;
        const refused = answer.status === 401 && answer.body?.code === 'unauthenticated';
        const security = document.paths[operation.path]![operation.method.toLowerCase()]!.security;
        expect({ operation: operationName(operation), refused, security }).toEqual({
          operation: operationName(operation),
          refused: isSignedIn(operation.access),
          security: refused ? [{ nobat_sid: [] }] : [],
        });
      }
    });

    it('answers 403 must_change_password, documented, exactly on the operations built past the password-change gate', async () => {
      for (const operation of operations.filter((op) => isSignedIn(op.access))) {
        // A fresh session each time: an operation may end the session it runs in.
        const answer = await call(await signIn(server, 'pending', PASSWORD), operation);
        const gated = answer.status === 403 && answer.body?.code === 'must_change_password';
        expect({ operation: operationName(operation), gated }).toEqual({ operation: operationName(operation), gated: atLeast(operation, 'authed') });
        if (gated) expect(document.paths[operation.path]![operation.method.toLowerCase()]!.responses['403']?.description).toContain('must_change_password');
      }
    });

    it('answers 403 forbidden, documented, to an employee on manager operations and to a ward manager on super-admin ones', async () => {
      for (const operation of operations.filter((op) => atLeast(op, 'manager'))) {
        const caller = operation.access === 'superAdmin' ? wardManager : employee;
        const answer = await call(caller, operation);
        expect({ operation: operationName(operation), status: answer.status, code: answer.body?.code }).toEqual({
          operation: operationName(operation),
          status: 403,
          code: 'forbidden',
        });
        expect(document.paths[operation.path]![operation.method.toLowerCase()]!.responses['403']?.description).toContain('forbidden');
      }
    });

    it('documents X-Ward and ward on every operation that answers 403 ward_forbidden to a ward it cannot use', async () => {
      for (const operation of operations.filter((op) => isSignedIn(op.access))) {
        // A fresh session each time, as above.
        const admin = await signIn(server, ADMIN.username, ADMIN.password);
        const answer = await call(admin, operation, { 'X-Ward': '999999999' });
        const refused = answer.status === 403 && answer.body?.code === 'ward_forbidden';
        // Both ways: every ward-scoped operation refuses the ward, and no other one does.
        expect({ operation: operationName(operation), refused }).toEqual({ operation: operationName(operation), refused: operation.wardScoped });
        if (refused) expect(document.paths[operation.path]![operation.method.toLowerCase()]!.responses['403']?.description).toContain('ward_forbidden');
      }
      expect(operations.some((operation) => operation.wardScoped)).toBe(true);
    });
  });
});
