/**
 * Builds the OpenAPI 3.1 document from the REST view of the operations (rest.ts): every route with its
 * parameters, body, every status it can answer (its success, 304 for cached reads, 206 for ranges, the
 * derived 400, 401, 403, 408, 413, 415, 429, 500 and 503, and the service's declared `errors`), named component
 * schemas (`.meta({ id })` in the contracts) and, when given, an example per route. The examples come from
 * @lectio/mocks (`openApiExamples()`, derived from its factories; decision 0060): the contracts don't depend on
 * the mocks, so the caller passes them in. The server serves the document at GET /api/v1/openapi.json with
 * `servers` set from the request, and its tests check every answer they get against it (apps/server/test/helpers).
 */
import { z } from 'zod';
import type { OperationPath } from './api.js';
import { apiErrorSchema, ERROR_STATUS, type ErrorCode } from './errors.js';
import { type HttpRoute, type HttpRouteName, httpRoutes } from './http-routes.js';
import { API_MESSAGES, AUTH_MESSAGES } from './messages.js';
import { cacheControlHeader, inputInQuery, pathParameters } from './operation.js';
import type { Access } from './permissions.js';
import { RATE_LIMITS } from './rate-limits.js';
import { RESOURCE_CONTENT_TYPES } from './resources.js';
import { API_PREFIX, type RestRoute, restRoutes } from './rest.js';
import { HLS_STORED_CONTENT_TYPES } from './video.js';

type JsonObject = Record<string, unknown>;

const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';
const ERROR_REF = { $ref: `${COMPONENT_SCHEMA_PREFIX}Error` };

/**
 * Collects the named schemas (`.meta({ id })` in the contracts: Course, Lecture, PublicUser, Error...)
 * under `components.schemas`: zod puts them in each conversion's `$defs`, and they move here with their
 * references rewritten. A name given to two different JSON schemas is an error.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonObject;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$schema;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.add(id, rewriteRefs(def) as JsonObject);
    return rewriteRefs(json) as JsonObject;
  }

  private add(id: string, schema: JsonObject): void {
    if (id.startsWith('__'))
      throw new Error(`An unnamed schema was extracted (${id}): name it with .meta({ id })`);
    const existing = this.schemas[id];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema))
      throw new Error(`Two different schemas are named ${id} (an input and an output that differ?)`);
    this.schemas[id] = schema;
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')
        ? `${COMPONENT_SCHEMA_PREFIX}${item.slice('#/$defs/'.length)}`
        : rewriteRefs(item);
  }
  return copy;
}

/** The input's JSON schema without the path parameters (which travel in the path). */
function withoutPathFields(schema: JsonObject, names: readonly string[]): JsonObject {
  const copy: JsonObject = { ...schema };
  if (copy.properties && typeof copy.properties === 'object') {
    const properties = { ...(copy.properties as Record<string, unknown>) };
    for (const name of names) delete properties[name];
    copy.properties = properties;
  }
  if (Array.isArray(copy.required)) copy.required = copy.required.filter((name) => !names.includes(name));
  if (Array.isArray(copy.allOf)) copy.allOf = copy.allOf.map((part) => withoutPathFields(part, names));
  return copy;
}

function pick(value: unknown, names: readonly string[], keep: boolean): JsonObject {
  const entries = Object.entries((value ?? {}) as JsonObject);
  return Object.fromEntries(entries.filter(([name]) => names.includes(name) === keep));
}

/** The sentence the OpenAPI description gives a route's own rate limit. */
function describeRateLimit(route: RestRoute): string | undefined {
  if (!route.rateLimit) return undefined;
  const limit = RATE_LIMITS[route.rateLimit];
  return `Rate limited (\`${route.rateLimit}\`: ${limit.summary}); over the limit it answers 429 with Retry-After.`;
}

function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'Public.';
  if (access.kind === 'authenticated') return 'Any signed-in user.';
  return `Requires one of the permissions: ${access.anyOf.join(', ')} (admin's \`all\` grants every permission).`;
}

/** Every error status an answer can have, with its reusable response (`components.responses`). */
export const ERROR_RESPONSES: Readonly<
  Record<number, { name: string; description: string; message: string }>
> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid request: the input failed validation (`VALIDATION_ERROR`, the fields in `issues`) or was refused (`BAD_REQUEST`)',
    message: API_MESSAGES.validationFailed,
  },
  401: {
    name: 'Unauthorized',
    description:
      'No valid session (or wrong credentials): sign in and send `Authorization: Bearer <accessToken>`',
    message: AUTH_MESSAGES.notSignedIn,
  },
  402: {
    name: 'PaymentFailed',
    description: 'The payment failed or the card was declined',
    message: 'Your card was declined.',
  },
  403: {
    name: 'Forbidden',
    description: 'Refused: a missing permission, a suspended account, or a bad or expired signature',
    message: AUTH_MESSAGES.forbidden,
  },
  404: {
    name: 'NotFound',
    description: 'Not found, or not visible to the caller',
    message: 'Course not found',
  },
  408: {
    name: 'RequestTimeout',
    description:
      'The request body did not arrive in time (REQUEST_TIMEOUT_SECONDS; the upload routes get UPLOAD_TIMEOUT_SECONDS). ' +
      'The connection is closed',
    message: API_MESSAGES.requestTimeout,
  },
  409: {
    name: 'Conflict',
    description: 'Conflicts with the current state',
    message: 'You already own this course',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body or file is larger than allowed',
    message: 'File too large',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The content type (declared or sniffed) is not accepted',
    message: 'Unsupported file type',
  },
  416: {
    name: 'RangeNotSatisfiable',
    description: 'The Range lies outside the file (`Content-Range: bytes */<size>`)',
    message: 'Requested range not satisfiable',
  },
  429: {
    name: 'TooManyRequests',
    description:
      "Too many requests: the per-IP ceiling every route has, the operation's own rate limit (`x-rate-limit`) " +
      'or the sign-in throttle. Retry after `Retry-After` seconds',
    message: API_MESSAGES.tooManyRequests,
  },
  500: {
    name: 'InternalServerError',
    description: 'Unexpected server error',
    message: API_MESSAGES.internalError,
  },
  501: { name: 'NotImplemented', description: 'Not implemented by this server', message: 'Not implemented' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A dependency is unavailable: the database is unreachable (every route that uses it; retry after ' +
      '`Retry-After` seconds), or the payment provider is unavailable or not configured',
    message: API_MESSAGES.serviceUnavailable,
  },
};

/** The error codes an answer with `status` carries (ERROR_STATUS; a 416 says BAD_REQUEST). */
export function errorCodesFor(status: number): ErrorCode[] {
  if (status === 416) return ['BAD_REQUEST'];
  return (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => code);
}

function errorResponseComponent(status: number): JsonObject {
  const info = ERROR_RESPONSES[status];
  if (!info) throw new Error(`No error response for ${status}`);
  const codes = errorCodesFor(status);
  const example: JsonObject = { message: info.message, code: codes[0] };
  if (status === 400) {
    example.code = 'VALIDATION_ERROR';
    example.issues = [{ path: 'email', message: 'Email is required' }];
  }
  const response: JsonObject = {
    description: info.description,
    content: {
      'application/json': {
        schema: { allOf: [ERROR_REF, { properties: { code: { enum: codes } } }] },
        example,
      },
    },
  };
  if (status === 429 || status === 503)
    response.headers = {
      'Retry-After': {
        description:
          status === 429
            ? 'Seconds until another attempt is accepted'
            : 'Seconds to wait before retrying (sent while the database is unreachable)',
        schema: { type: 'integer', minimum: 0 },
      },
    };
  if (status === 416)
    response.headers = {
      'Content-Range': { description: '`bytes */<size>`', schema: { type: 'string' } },
    };
  return response;
}

/** The media types a download can have (the storage serves a key with the type of its extension). */
const DOWNLOAD_MEDIA_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  ...Object.keys(RESOURCE_CONTENT_TYPES),
  ...Object.values(HLS_STORED_CONTENT_TYPES),
  'application/octet-stream',
] as const;

const BINARY = { type: 'string', format: 'binary' };

/** The file part of each multipart route, and the content types it accepts. */
const MULTIPART_FILES: Partial<Record<HttpRouteName, { field: string; contentType: string }>> = {
  'lectures.upload': { field: 'lecture', contentType: 'video/mp4, video/webm, video/quicktime' },
  'media.upload': {
    field: 'file',
    contentType: [
      'video/mp4, video/webm, video/quicktime, image/jpeg, image/png, image/webp, image/gif',
      ...Object.keys(RESOURCE_CONTENT_TYPES),
    ].join(', '),
  },
};

const TAGS: Record<string, string> = {
  meta: 'Health check and this document',
  auth: 'Sign-up, sign-in and the session (refresh cookie and bearer access token)',
  courses: 'The course catalogue and course management',
  lectures:
    'The legacy video view ("videos" in the paths): a course’s video lessons in curriculum order, and lecture uploads',
  curriculum: 'A course’s curriculum: its sections, the outline of their lessons, and their order',
  resources: 'Files a lesson carries for download (signed URLs for those who may open the lesson)',
  notes: 'Your private notes on a course’s lessons, a video’s at a time in it (only their author reads them)',
  video: 'A video lesson’s processing into adaptive streaming (HLS): its state, and a retry after a failure',
  announcements:
    'Instructor announcements to every student of a course, delivered once each by notification and e-mail',
  courseMail:
    'Your e-mail about each course: the setting, and the one-click unsubscribe links in course e-mail (no sign-in)',
  questions:
    'Questions and answers on a course’s lessons: asking, answering, accepting, upvoting, following, reporting and hiding',
  answers: 'Answers to a course’s questions: editing, deleting, upvoting, reporting and hiding',
  quizzes:
    'Quiz lessons: attempts graded on the server (answers only in a finished attempt’s review), the quiz builder’s reads and writes, and the gradebook',
  media: 'Direct uploads and downloads of stored files (local storage driver)',
  payment: 'Buying a course',
  progress: 'Watch progress of lectures and courses',
  reviews: 'Course reviews and ratings: reading, writing your own, instructor replies and moderation',
  admin: 'Platform administration and analytics',
  setup: 'First-run setup: the first admin account of a new server, with the setup token from its log',
  profile: 'Your own account: name, avatar, password, sessions and deleting the account',
  learner: 'The student dashboard: your figures, where to continue, and courses to try',
  certificates: 'Certificates of completion: yours, their PDFs, public verification and revoking',
  account: 'Getting back into an account (password reset by e-mail) and verifying its e-mail address',
  mail: 'The e-mail the server sends: delivery status for the admin, and the development outbox',
  purchases: 'Your purchases’ receipts, as PDF',
  coupons: 'Coupons: instructors and admins make them; a buyer prices a checkout with one',
  payouts: 'Instructor payouts: payout accounts (Stripe Connect Express), what is owed, transfers',
  earnings:
    'The marketplace’s money from its ledger: an instructor’s earnings, the platform’s revenue and its commission',
  refunds:
    'Refunds: admins refund payments and decide requests; students see their purchases and ask for refunds',
  instructor: 'The instructor’s home: their students, revenue, courses, completion, rating and enrollments',
  notifications:
    'In-app notifications: the bell’s unread count and newest, every notification, marking them read',
  platform: 'The landing page’s live figures and the platform’s social profiles',
  sitePages: 'Site pages (About, FAQ, Support, Privacy Policy, Terms): reading them, and the admin’s edits',
  teaching: 'Become an instructor: a student’s application to teach, and the admin’s decision',
};

/** Status code -> the response, in ascending order (a `$ref` for the shared error responses). */
type Responses = Record<string, JsonObject>;

/**
 * Every error status a route can answer: derived from its shape and access (400 for input, 401 and 403
 * unless public, 408/413/415 for bodies, 429 and 500 always: every route is under the per-IP ceiling,
 * 503 where the database is used), then the service's declared `errors`.
 */
export function errorStatusesOf(route: RestRoute): number[] {
  const statuses = new Set<number>([429, 500]);
  if (hasInput(route)) statuses.add(400);
  if (route.access.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  // Fastify's own refusals: a body over its limit (1 MiB), a JSON route's body of a type it can't parse.
  if (route.bodyKind === 'json' || route.bodyKind === 'raw') statuses.add(413);
  if (route.bodyKind === 'json') statuses.add(415);
  // A body that doesn't arrive in time: REQUEST_TIMEOUT_SECONDS, or UPLOAD_TIMEOUT_SECONDS for uploads.
  if (route.bodyKind !== 'none') statuses.add(408);
  if (route.name === 'media.download') statuses.add(416);
  if (usesDatabase(route)) statuses.add(503);
  for (const code of route.errors) statuses.add(ERROR_STATUS[code]);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * True when answering the route may need the database, so that an unreachable database is a 503 there:
 * every operation (each reads or writes it), every route that needs a session (it is re-read per
 * request), and the public routes that say so (the webhook, the HLS playlists). The local storage
 * driver's media routes and this document don't touch it.
 */
function usesDatabase(route: RestRoute): boolean {
  if (route.operation !== undefined || route.access.kind !== 'public') return true;
  const http: HttpRoute | undefined = httpRoutes[route.name as HttpRouteName];
  return http?.usesDatabase === true;
}

/** True when the route reads anything from the client (path, query or body) that it validates. */
function hasInput(route: RestRoute): boolean {
  if (route.operation) return route.operation.input !== undefined;
  const http = httpRoutes[route.name as HttpRouteName];
  return route.bodyKind !== 'none' || 'params' in http || 'query' in http;
}

/** Every success status of a route: its own, 304 for conditional reads, 206 for ranged downloads. */
export function successStatusesOf(route: RestRoute): number[] {
  const statuses = [route.status];
  if (route.cache) statuses.push(304);
  if (route.name === 'media.download') statuses.push(206);
  return statuses.sort((a, b) => a - b);
}

interface Parts {
  parameters: JsonObject[];
  requestBody?: JsonObject;
  /** The JSON response body's schema and example (none for binary responses). */
  response?: { schema: JsonObject; example?: unknown };
}

function pathParameter(name: string, schema: JsonObject | undefined, example: unknown): JsonObject {
  const { description, ...rest } = schema ?? { type: 'string' };
  return {
    name,
    in: 'path',
    required: true,
    ...(typeof description === 'string' ? { description } : {}),
    schema: rest,
    ...(example !== undefined ? { example } : {}),
  };
}

function queryParameters(schema: JsonObject, example: JsonObject): JsonObject[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = (schema.required ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: required.includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
      ...(example[name] !== undefined ? { example: example[name] } : {}),
    };
  });
}

function operationParts(route: RestRoute, components: SchemaComponents, examples?: OpenApiExamples): Parts {
  const operation = route.operation;
  if (!operation) throw new Error(`${route.name} is not an operation`);
  const names = pathParameters(route.path);
  const example = examples?.operations[route.name as OperationPath];
  if (examples && !example) throw new Error(`No example for ${route.name} (@lectio/mocks openApiExamples())`);
  const response = { schema: components.convert(operation.output, 'output'), example: example?.output };
  const input = operation.input ? components.convert(operation.input, 'input') : undefined;
  const inputProperties = (input?.properties ?? {}) as Record<string, JsonObject>;
  const parameters = names.map((name) =>
    pathParameter(name, inputProperties[name], (example?.input as JsonObject | undefined)?.[name]),
  );
  if (!input) return { parameters, response };
  const rest = withoutPathFields(input, names);
  const restExample = pick(example?.input, names, false);
  if (inputInQuery(route.method))
    return { parameters: [...parameters, ...queryParameters(rest, restExample)], response };
  return {
    parameters,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: rest, ...(example ? { example: restExample } : {}) } },
    },
    response,
  };
}

function httpRouteParts(route: RestRoute, components: SchemaComponents, examples?: OpenApiExamples): Parts {
  const name = route.name as HttpRouteName;
  const http = httpRoutes[name] as (typeof httpRoutes)[HttpRouteName];
  const given = examples?.httpRoutes[name];
  if (examples && !given) throw new Error(`No example for ${route.name} (@lectio/mocks openApiExamples())`);
  const example: HttpRouteExampleParts = given ?? {};
  const names = pathParameters(route.path);
  const params = 'params' in http ? components.convert(http.params, 'input') : undefined;
  const paramProperties = (params?.properties ?? {}) as Record<string, JsonObject>;
  const parameters = names.map((param) =>
    pathParameter(param, paramProperties[param], example.parameters?.[param]),
  );
  if ('query' in http)
    parameters.push(...queryParameters(components.convert(http.query, 'input'), example.parameters ?? {}));
  if (name === 'payment.webhook')
    parameters.push({
      name: 'Stripe-Signature',
      in: 'header',
      required: true,
      description: "Stripe's signature over the raw body (checked with the webhook secret)",
      schema: { type: 'string' },
    });
  if (name === 'media.download')
    parameters.push({
      name: 'Range',
      in: 'header',
      required: false,
      description: 'One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-512`): answers 206',
      schema: { type: 'string', pattern: '^bytes=' },
      example: 'bytes=0-1048575',
    });
  let requestBody: JsonObject | undefined;
  if ('body' in http) {
    const file = MULTIPART_FILES[name];
    const schema = components.convert(http.body, 'input');
    if (file) {
      const properties = schema.properties as Record<string, JsonObject>;
      const { type: _type, ...annotations } = properties[file.field] ?? {};
      properties[file.field] = { ...annotations, ...BINARY };
    }
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema,
          ...(file ? { encoding: { [file.field]: { contentType: file.contentType } } } : {}),
          ...(example.body
            ? { example: { ...example.body, ...(file ? { [file.field]: '(binary)' } : {}) } }
            : {}),
        },
      },
    };
  } else if (http.bodyKind === 'raw') {
    requestBody = {
      required: true,
      description: 'The raw bytes Stripe sent (its signature covers them exactly)',
      content: {
        'application/json': {
          schema: { type: 'object', description: 'A Stripe Event' },
          ...(example.body ? { example: example.body } : {}),
        },
      },
    };
  }
  return {
    parameters,
    ...(requestBody ? { requestBody } : {}),
    ...(http.responseKind === 'json'
      ? { response: { schema: components.convert(http.response, 'output'), example: example.response } }
      : {}),
  };
}

function successResponses(route: RestRoute, parts: Parts): Responses {
  const responses: Responses = {};
  const http = route.operation ? undefined : httpRoutes[route.name as HttpRouteName];
  if (route.responseKind === 'binary' && http && 'mediaTypes' in http) {
    // A file made on request (a certificate PDF): one whole body, no ranges.
    responses[String(route.status)] = {
      description: 'The whole file',
      headers: {
        'Content-Disposition': {
          description: '`attachment; filename="..."`: browsers save it rather than show it',
          schema: { type: 'string' },
        },
        'Cache-Control': { schema: { type: 'string', const: 'private, no-store' } },
      },
      content: Object.fromEntries(http.mediaTypes.map((type) => [type, { schema: BINARY }])),
    };
    return responses;
  }
  if (route.responseKind === 'binary') {
    const content = Object.fromEntries(DOWNLOAD_MEDIA_TYPES.map((type) => [type, { schema: BINARY }]));
    responses[String(route.status)] = {
      description: 'The whole file',
      headers: {
        'Accept-Ranges': { schema: { type: 'string', const: 'bytes' } },
        'Content-Length': { schema: { type: 'integer', minimum: 0 } },
        'Cache-Control': {
          description: '`public, ...` for public thumbnails, `private` otherwise',
          schema: { type: 'string' },
        },
      },
      content,
    };
    responses['206'] = {
      description: 'The requested byte range',
      headers: {
        'Content-Range': { description: '`bytes <start>-<end>/<size>`', schema: { type: 'string' } },
        'Content-Length': { schema: { type: 'integer', minimum: 0 } },
      },
      content,
    };
    return responses;
  }
  const json = {
    schema: parts.response?.schema ?? {},
    ...(parts.response?.example !== undefined ? { example: parts.response.example } : {}),
  };
  responses[String(route.status)] = {
    description: route.status === 201 ? 'Created' : 'Success',
    ...(route.cache
      ? {
          headers: {
            ETag: { description: 'Send it back as If-None-Match to get 304', schema: { type: 'string' } },
            'Cache-Control': {
              description:
                'revalidate' in route.cache
                  ? `\`${cacheControlHeader(route.cache, false)}\``
                  : `Anonymous requests: \`${cacheControlHeader(route.cache, true)}\`; signed-in: \`${cacheControlHeader(route.cache, false)}\``,
              schema: { type: 'string' },
            },
          },
        }
      : {}),
    content: { 'application/json': json },
  };
  if (route.cache)
    responses['304'] = {
      description: 'Not Modified: If-None-Match still names the current ETag (no body)',
    };
  return responses;
}

/** An operation's example: its input as a client passes it (when it takes one) and its response body. */
export interface OperationExampleParts {
  input?: unknown;
  output: unknown;
}

/** An HTTP-only route's example: path and query parameters, multipart fields or JSON body, JSON response. */
export interface HttpRouteExampleParts {
  parameters?: Record<string, string>;
  body?: Record<string, unknown>;
  response?: unknown;
}

/** The document's examples: with them, every route must have one; without, the document has none. */
export interface OpenApiExamples {
  operations: Partial<Record<OperationPath, OperationExampleParts>>;
  httpRoutes: Partial<Record<HttpRouteName, HttpRouteExampleParts>>;
}

export interface OpenApiOptions {
  version: string;
  /** The origin clients reach the API on (no trailing slash); `servers` is empty without it. */
  serverUrl?: string;
  /** Request and response examples (@lectio/mocks `openApiExamples()`). */
  examples?: OpenApiExamples;
}

export function buildOpenApiDocument(options: OpenApiOptions): JsonObject {
  const components = new SchemaComponents();
  components.convert(apiErrorSchema, 'output');
  const usedErrorStatuses = new Set<number>();
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of restRoutes) {
    const parts = route.operation
      ? operationParts(route, components, options.examples)
      : httpRouteParts(route, components, options.examples);
    if (route.cache)
      parts.parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of a previous answer: 304 when unchanged',
        schema: { type: 'string' },
      });
    const responses = successResponses(route, parts);
    for (const status of errorStatusesOf(route)) {
      usedErrorStatuses.add(status);
      responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}` };
    }
    const tag = route.name.split('.')[0] as string;
    const operation: JsonObject = {
      operationId: route.name,
      tags: [tag],
      summary: route.summary,
      description: [describeAccess(route.access), route.description, describeRateLimit(route)]
        .filter(Boolean)
        .join('\n\n'),
      security: route.access.kind === 'public' ? [] : [{ bearerAuth: [] }],
      parameters: parts.parameters,
      ...(parts.requestBody ? { requestBody: parts.requestBody } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
      'x-access': route.access,
      ...(route.rateLimit
        ? { 'x-rate-limit': { name: route.rateLimit, per: RATE_LIMITS[route.rateLimit].per } }
        : {}),
    };
    const path = `${API_PREFIX}${route.path}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  const responses = Object.fromEntries(
    [...usedErrorStatuses]
      .sort((a, b) => a - b)
      .map((status) => [ERROR_RESPONSES[status]?.name, errorResponseComponent(status)]),
  );
  const usedTags = new Set(restRoutes.map((route) => route.name.split('.')[0]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lectio API',
      version: options.version,
      description:
        'REST facade of the Lectio course marketplace (the same operations are tRPC procedures under /trpc). ' +
        'Errors share one shape: `{ message, code, issues? }`. Sign in with POST /api/v1/auth/login and send ' +
        '`Authorization: Bearer <accessToken>`; the refresh cookie renews it through GET /api/v1/auth/refresh.',
    },
    servers: options.serverUrl ? [{ url: options.serverUrl }] : [],
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `accessToken` of POST /auth/login or GET /auth/refresh',
        },
      },
    },
  };
}
