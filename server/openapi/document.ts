import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { ERRORS, type ErrorCode } from '../../shared/errors.js';
import { ZErrorBody } from '../../shared/schemas/error.js';
import { appRouter } from '../routers/_app.js';
import type { Access } from '../trpc/init.js';
import { SESSION_COOKIE } from '../trpc/session-cookie.js';
import { isSignedIn, restOperations, type RestOperation } from './operations.js';
import { STATE_CHANGING_METHODS } from '../http/methods.js';

type PathItem = NonNullable<OpenAPIObject['paths']>[string];
type Operation = NonNullable<PathItem['get']>;
type Responses = NonNullable<Operation['responses']>;

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

const SECURITY_SCHEME = 'nobat_sid';
const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };
const WARD_PARAMETERS = [{ $ref: '#/components/parameters/XWard' }, { $ref: '#/components/parameters/ward' }];
const ACCESS_LEVEL: Record<Access, number> = { public: 0, signedIn: 1, authed: 2, manager: 3, superAdmin: 4 };

const TAG_DESCRIPTIONS: Record<string, string> = {
  status: 'Health of the service and whether first-run setup is needed.',
  auth: 'First-run setup, sign-in, sign-out and the current user.',
  account: "The caller's own password, calendar feed and notifications.",
  sessions: "The caller's sessions.",
  passkeys: "The caller's passkeys (WebAuthn credentials) for signing in without a password.",
  wards: 'Wards of the hospital.',
  employees: 'Staff of the selected ward, for managers.',
  invites: 'Invitations to join a ward, and accepting them.',
  'rota-settings': "The selected ward's weekend days, minimum rest and soft-constraint weights.",
  'shift-types': 'Kinds of shift a ward works, with their times, run lengths and forbidden successors.',
  contracts: 'Named rule sets for staff: assignment counts, runs of work and rest, weekends.',
  'staff-profiles': 'Who of the ward is rostered: skills and contract of each account.',
  coverage: 'How many people of each skill each shift type needs, by weekday or on a date.',
  holidays: 'Hospital-wide holidays, which take the coverage of the first weekend day.',
  requests: 'Preferences (day off, shift off, shift on) and leave, with its approval workflow.',
  swaps: 'Staff exchanging their cells of a published schedule: offer, accept or decline, cancel, and a manager\'s approval.',
  'open-shifts': 'Shifts of published schedules short of their optimal staffing, and staff volunteering for them.',
  solve: 'Automatic generation of a schedule, run as a job on the PostgreSQL queue: start, follow, stop.',
  ledger: "Fairness across months: each person's nights, weekends and holidays over the ward's published schedules, beside their full-time share.",
  'my-rota': "The caller's own published shifts, in every ward.",
  'calendar-feed': 'Private iCalendar addresses of published shifts, for a phone or desktop calendar to subscribe to.',
};

const DESCRIPTION = `Accounts, sign-in, sessions, invitations and wards of a hospital's shift-scheduling service.

- **Sign-in** sets the HttpOnly \`${SESSION_COOKIE}\` cookie; operations marked with it need a live session.
- **State-changing requests** must send \`Content-Type: application/json\` (415 otherwise), also when there is no body.
- **Errors** are \`{ error, code }\` (plus \`issues\` for invalid input); \`error\` is Persian unless \`Accept-Language\` prefers English, \`code\` never changes.
- **Ward selection**: ward-scoped operations work in the ward named by the \`X-Ward\` header, else the \`ward\` query parameter, else the caller's home ward.
- The same procedures are served over tRPC at \`/trpc\`.`;

/**
 * The codes an operation can answer with: the request guards', its builder's, the ward selection's, its own
 * (`meta.errors`), and the two every route shares. Derived, so a new route is described without a list.
 */
export function operationErrorCodes(operation: RestOperation, takesInput: boolean): ErrorCode[] {
  const level = operation.access ? ACCESS_LEVEL[operation.access] : 0;
  const codes = new Set<ErrorCode>();
  if (STATE_CHANGING_METHODS.has(operation.method)) {
    codes.add('invalid_json').add('payload_too_large').add('unsupported_media_type');
  }
  if (takesInput || operation.wardScoped) codes.add('invalid_input');
  if (isSignedIn(operation.access)) codes.add('unauthenticated').add('account_inactive').add('too_many_requests');
  if (level >= ACCESS_LEVEL.authed) codes.add('must_change_password');
  if (level >= ACCESS_LEVEL.manager) codes.add('forbidden');
  if (operation.wardScoped) codes.add('ward_forbidden');
  for (const code of operation.meta.errors ?? []) codes.add(code);
  codes.add('internal').add('service_unavailable');
  return [...codes];
}

function errorResponse(codes: ErrorCode[]) {
  return {
    description: codes.map((code) => `- \`${code}\`: ${ERRORS[code].en}`).join('\n'),
    ...(codes.includes('too_many_attempts') || codes.includes('too_many_requests')
      ? { headers: { 'Retry-After': { description: 'Seconds until another attempt may succeed.', schema: { type: 'integer', minimum: 1 } } } }
      : {}),
    content: {
      'application/json': {
        schema: ERROR_SCHEMA,
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            {
              summary: ERRORS[code].en,
              value: {
                error: ERRORS[code].en,
                code,
                ...(code === 'invalid_input' ? { issues: [{ path: 'name', message: 'Must not be empty.' }] } : {}),
              },
            },
          ]),
        ),
      },
    },
  };
}

/** Success under `meta.successStatus`, `meta.outputStatuses` with the output shape, and every possible error. */
function responsesFor(operation: RestOperation, generated: Responses, takesInput: boolean): Responses {
  const success = generated['200'];
  const responses: Responses = { [String(operation.meta.successStatus ?? 200)]: success };
  for (const status of operation.meta.outputStatuses ?? []) {
    responses[String(status)] = { ...success, description: `The same shape as a success, answered with status ${status}.` };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrorCodes(operation, takesInput)) {
    const status = operation.meta.errorStatuses?.[code] ?? ERRORS[code].status;
    if (operation.meta.outputStatuses?.includes(status)) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) responses[String(status)] = errorResponse(codes);
  return responses;
}

/**
 * The OpenAPI document of the REST face: generated from the routers by trpc-to-openapi, then completed here,
 * in this one place, with what the generator cannot know (statuses, errors, cookie, ward selection).
 */
export function buildOpenApiDocument(publicUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'nobat',
    version: '1.0.0',
    description: DESCRIPTION,
    baseUrl: publicUrl,
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The session cookie set by sign-in, first-run setup and accepting an invitation.',
      },
    },
    defs: { Error: ZErrorBody },
  });

  const usedTags = new Set<string>();
  for (const operation of restOperations()) {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const target = document.paths?.[operation.path]?.[method];
    if (!target) throw new Error(`${operation.procedure}: missing from the generated document`);
    const takesInput = Boolean(target.requestBody) || (target.parameters?.length ?? 0) > 0;
    target.responses = responsesFor(operation, target.responses ?? {}, takesInput);
    const produces = operation.meta.produces;
    if (produces) {
      // Answered as a document (server/http/document-routes.ts), not as the JSON string the generator assumes.
      const success = target.responses[String(operation.meta.successStatus ?? 200)]!;
      target.responses[String(operation.meta.successStatus ?? 200)] = {
        description: success.description,
        ...(produces.headers ? { headers: Object.fromEntries(Object.entries(produces.headers).map(([name, value]) => [name, { description: `Always \`${value.length > 60 ? `${value.slice(0, 57)}…` : value}\`.`, schema: { type: 'string' } }])) } : {}),
        content: { [produces.contentType.split(';')[0]!]: { schema: { type: 'string' } } },
      };
    }
    // An empty list says "no credentials needed", which is not the same as saying nothing.
    target.security = isSignedIn(operation.access) ? [{ [SECURITY_SCHEME]: [] }] : [];
    if (operation.wardScoped) target.parameters = [...(target.parameters ?? []), ...WARD_PARAMETERS];
    for (const tag of target.tags ?? []) usedTags.add(tag);
  }

  const components = (document.components ??= {});
  // The generator's own error shapes (`{ message, code }`) are not what the service answers with.
  for (const name of Object.keys(components.schemas ?? {})) if (name.startsWith('error.')) delete components.schemas![name];
  components.parameters = {
    ...components.parameters,
    XWard: {
      name: 'X-Ward',
      in: 'header',
      required: false,
      description: 'Id of the ward to work in; wins over `ward`. Default: the home ward. Non-numeric: 400; not allowed: 403 `ward_forbidden`.',
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
    ward: {
      name: 'ward',
      in: 'query',
      required: false,
      description: 'Id of the ward to work in, when `X-Ward` is not sent.',
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
  };
  document.tags = [...usedTags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }));
  document.servers = [{ url: publicUrl, description: 'This installation (PUBLIC_URL)' }];
  return document;
}
