/**
 * MSW handlers for the whole Lectio API, derived from the contracts' operation declarations: one handler
 * per REST route and one for /trpc (batched calls included), both answering from the same registry of
 * per-operation answers. Inputs are parsed with the operation's schema (a bad one gets the API's 400 with
 * field issues) and answers are checked against its output schema, so a mock can't drift from the API.
 * The five HTTP-only routes (file upload, media download, webhook, OpenAPI document) answer from the same
 * registry under their `httpRoutes` names (`'media.upload'`, ...).
 *
 *   const api = createApiMocks({ baseUrl: 'http://localhost:3000' });
 *   const server = setupServer(...api.handlers);
 *   api.answer('courses.list', buildCoursePage([buildCourse()]));
 *   api.fail('courses.get', 'NOT_FOUND', 'Course not found');
 */
import { listOperations, type OperationPath, type Operations } from '@lectio/contracts/api';
import { ERROR_STATUS, type ErrorCode, type ErrorIssue, TRPC_CODE_FOR_ERROR } from '@lectio/contracts/errors';
import { type HttpRoute, type HttpRouteName, httpRoutes } from '@lectio/contracts/http-routes';
import { API_MESSAGES, AUTH_MESSAGES } from '@lectio/contracts/messages';
import {
  cacheControlHeader,
  carriesEtag,
  type HttpCachePolicy,
  inputInQuery,
  type Operation,
  type OperationOutput,
  type OperationParsedInput,
  toRouterPath,
} from '@lectio/contracts/operation';
import { type Access, accessDecision, type HasRole } from '@lectio/contracts/permissions';
import { issuesOfSchemaError, restErrorOf, restInputOf } from '@lectio/contracts/rest-input';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { ZodError, z } from 'zod';
import { defaultAnswers } from './defaults.js';

/** The declaration of the operation at `path` (`'courses.list'` -> `operations.courses.list`). */
export type OperationAt<P extends OperationPath> = P extends `${infer N extends keyof Operations}.${infer K}`
  ? K extends keyof Operations[N]
    ? Operations[N][K] extends Operation
      ? Operations[N][K]
      : never
    : never
  : never;

/** What the registry answers: every operation, and the HTTP-only routes by their `httpRoutes` name. */
export type MockPath = OperationPath | HttpRouteName;

/** The declaration of an HTTP-only route (`'media.upload'` -> `httpRoutes['media.upload']`). */
export type HttpRouteAt<N extends HttpRouteName> = (typeof httpRoutes)[N];

/** What a call to an HTTP-only route carried (these routes take files, bytes or nothing, not JSON). */
export interface HttpRouteInput {
  /** Path parameters (`key` of `/media/{key}`), decoded. */
  params: Record<string, string>;
  /** The query string. */
  query: Record<string, string>;
  /** Multipart routes: the text parts. */
  fields: Record<string, string>;
  /** Multipart routes: the file parts, by part name (`file`, `lecture`). */
  files: Record<string, File>;
  /** Raw-body routes (the webhook): the body as text. */
  body: string | undefined;
}

/** The input of a call as the server's procedure would see it (after the operation's schema). */
export type MockInput<P extends MockPath> = P extends OperationPath
  ? OperationParsedInput<OperationAt<P>>
  : HttpRouteInput;

/** A body for the binary `media.download` route: a whole `Response` (headers, status) or just the bytes. */
export type MockBinaryAnswer = Response | Blob | ArrayBuffer | Uint8Array | string;

/** What an answer returns: the operation's (or JSON route's) declared output. */
export type MockOutput<P extends MockPath> = P extends OperationPath
  ? OperationOutput<OperationAt<P>>
  : P extends HttpRouteName
    ? HttpRouteAt<P>['responseKind'] extends 'binary'
      ? MockBinaryAnswer
      : z.output<HttpRouteAt<P>['response']>
    : never;

export interface MockCall<P extends MockPath> {
  /** The input as the server's procedure would see it, after the operation's schema. */
  input: MockInput<P>;
  /** The intercepted request (headers, cookies). */
  request: Request;
  /** Which transport the call came over (HTTP-only routes are always 'rest'). */
  transport: 'rest' | 'trpc';
}

export type MockAnswer<P extends MockPath> =
  | MockOutput<P>
  | ((call: MockCall<P>) => MockOutput<P> | Promise<MockOutput<P>>);

/** Thrown by an answer (or registered with `fail`): the API's error, with its status on both transports. */
export class MockApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = 'MockApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * Throws the API's error from inside an answer function, e.g. to fail the first call and answer the next:
 *
 *   let calls = 0;
 *   api.answer('courses.list', () => (++calls === 1 ? mockError('SERVICE_UNAVAILABLE') : buildCoursePage()));
 */
export function mockError(code: ErrorCode, message?: string, issues?: ErrorIssue[]): never {
  throw new MockApiError(code, message ?? defaultMessage(code), issues);
}

/**
 * A failure of the transport itself (unknown procedure, wrong method, unreadable input, the mock's own
 * misuse): over tRPC it carries tRPC's own code and no `appCode`, as the real server's does.
 */
class TransportError extends MockApiError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly trpc: { key: TRPC_ERROR_CODE_KEY; status: number },
    issues?: ErrorIssue[],
  ) {
    super(code, message, issues);
  }

  override get status(): number {
    return this.trpc.status;
  }
}

/** The operation's input failed its schema: REST says 400 VALIDATION_ERROR, tRPC a bare BAD_REQUEST. */
class InputError extends MockApiError {
  constructor(readonly zodError: ZodError) {
    super('VALIDATION_ERROR', API_MESSAGES.validationFailed, issuesOfSchemaError(zodError));
  }
}

export interface ApiMocksOptions {
  /**
   * Where the API is, e.g. `http://localhost:3000` or, in a browser test, `location.origin`: the handlers
   * answer requests to this origin only, so the mocks never answer for another backend the test talks to.
   * Required (decision 0053).
   */
  baseUrl: string;
  /**
   * `'enforce'` (the default) checks each operation's declared access as the server does: a call without
   * `Authorization: Bearer <token>`, or with a token no answer of the mocks handed out (an `AuthSession`
   * from `auth.login`, `auth.refresh`, ...), is a 401; a signed-in role without the permission a 403.
   * `'off'` answers every call whoever makes it, for tests that don't care who is signed in.
   */
  access?: 'enforce' | 'off';
  /**
   * Told about the mock's own failures: an answer that does not match the output schema, or an answer
   * function that threw something other than a `MockApiError`. The call gets a 500 either way.
   * Default: `console.error`.
   */
  onError?: (error: Error) => void;
}

export interface ApiMocks {
  /** Give these to `setupServer` or `setupWorker`. */
  handlers: HttpHandler[];
  /** Answer every later call of the operation (REST and tRPC) with this value or function. */
  answer<P extends MockPath>(path: P, answer: MockAnswer<P>): void;
  /** Answer the next call only; queued before the standing answer (call it again to queue more). */
  answerOnce<P extends MockPath>(path: P, answer: MockAnswer<P>): void;
  /**
   * Answer every later call of the operation with the API's error: `fail('auth.signup', 'CONFLICT',
   * 'Email already registered')`, `fail('courses.create', 'VALIDATION_ERROR', undefined, [{ path: 'title',
   * message: 'Title is required' }])`. Without a message, the API's usual one for the code.
   */
  fail(path: MockPath, code: ErrorCode, message?: string, issues?: ErrorIssue[]): void;
  /** Fail the next call only, like `answerOnce`. */
  failOnce(path: MockPath, code: ErrorCode, message?: string, issues?: ErrorIssue[]): void;
  /**
   * Answer every read operation (queries) with realistic factory data, below any `answer`/`fail` of your
   * own (those win whatever the order). Mutations and auth.refresh stay unanswered (501).
   */
  answerDefaults(): void;
  /**
   * Treat `Authorization: Bearer <accessToken>` as this user (its `role` decides access), as if the
   * server had issued the token: for a test that sets its session directly rather than through an
   * `AuthSession` answer (those sign in by themselves). Forgotten by `reset()`.
   */
  signIn(accessToken: string, user: HasRole): void;
  /** The calls made so far to an operation, oldest first (its parsed inputs). */
  calls<P extends MockPath>(path: P): MockCall<P>[];
  /** Forget every answer (defaults included) and recorded call (for `afterEach`). */
  reset(): void;
}

const operationsByPath = new Map<string, Operation>(
  listOperations().map(({ path, operation }) => [path, operation]),
);
const httpRouteNames = Object.keys(httpRoutes) as HttpRouteName[];

const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: API_MESSAGES.validationFailed,
  UNAUTHORIZED: AUTH_MESSAGES.notSignedIn,
  FORBIDDEN: AUTH_MESSAGES.forbidden,
  NOT_FOUND: API_MESSAGES.notFound,
  NOT_IMPLEMENTED: API_MESSAGES.notImplemented,
  INTERNAL_SERVER_ERROR: API_MESSAGES.internalError,
};

/** The message the API gives for a code when the mock names none ('Not found', 'Payment failed', ...). */
function defaultMessage(code: ErrorCode): string {
  const message = DEFAULT_MESSAGES[code];
  if (message) return message;
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The REST error body and status, by the contracts' rule (a transport failure keeps tRPC's status). */
function restError(error: MockApiError): Response {
  const { body } = restErrorOf(error.code, error.message, error.issues);
  return HttpResponse.json(body, { status: error.status });
}

/**
 * The `error` of a failed tRPC call as the server's errorFormatter shapes it: `appCode` only for errors a
 * service raised (a validation failure is tRPC's own BAD_REQUEST, with the zod message and the issues).
 */
function trpcError(error: MockApiError, path: string) {
  const key = error instanceof TransportError ? error.trpc.key : TRPC_CODE_FOR_ERROR[error.code];
  const fromService = !(error instanceof TransportError) && error.code !== 'VALIDATION_ERROR';
  return {
    error: {
      message: error instanceof InputError ? error.zodError.message : error.message,
      code: TRPC_ERROR_CODES_BY_KEY[key],
      data: {
        code: key,
        httpStatus: error.status,
        path,
        ...(fromService ? { appCode: error.code } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
      },
    },
  };
}

/**
 * A weak validator over the JSON body, as the server's (apps/server/src/lib/http-cache.ts): `W/"<SHA-1 of
 * the JSON, base64url>"`, so the mock's ETag for an answer is the one the server would send for it.
 */
async function etagOf(json: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(json)));
  const base64 = btoa(String.fromCharCode(...digest));
  return `W/"${base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}"`;
}

/**
 * A successful JSON answer with the headers the server sends for it (REST, and a single tRPC GET query):
 * the operation's declared cache policy through the contracts' `cacheControlHeader` (anonymous = no
 * Authorization header, as the server's rule), `Vary: Authorization`, and an ETag (304 on a matching
 * If-None-Match) where the server sends one.
 */
async function cachedJson(
  policy: HttpCachePolicy | undefined,
  request: Request,
  status: number,
  data: unknown,
): Promise<Response> {
  if (!policy) return HttpResponse.json(data as never, { status });
  const cacheControl = cacheControlHeader(policy, !request.headers.has('authorization'));
  const headers: Record<string, string> = { 'cache-control': cacheControl, vary: 'Authorization' };
  if (!carriesEtag(cacheControl) || typeof data !== 'object' || data === null) {
    return HttpResponse.json(data as never, { status, headers });
  }
  const json = JSON.stringify(data);
  headers.etag = await etagOf(json);
  const matches = request.headers
    .get('if-none-match')
    ?.split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === headers.etag?.replace(/^W\//, ''));
  if (matches) return new HttpResponse(null, { status: 304, headers });
  return new HttpResponse(json, { status, headers: { ...headers, 'content-type': 'application/json' } });
}

/**
 * Routes in the order a router would pick them: at the first segment where two paths differ, a literal
 * segment goes before a `{parameter}` (GET /videos/signature before /videos/{id}).
 */
function compareRoutePaths(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let index = 0; index < Math.min(as.length, bs.length); index += 1) {
    const aParam = as[index]?.startsWith('{') ?? false;
    const bParam = bs[index]?.startsWith('{') ?? false;
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

/** The query string as the server's parser reads it: a repeated key becomes an array. */
function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function stringRecord(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

export function createApiMocks(options: ApiMocksOptions): ApiMocks {
  const base = options.baseUrl.replace(/\/+$/, '');
  const onError = options.onError ?? ((error: Error) => console.error(error));
  const standing = new Map<string, MockAnswer<MockPath>>();
  const once = new Map<string, MockAnswer<MockPath>[]>();
  const defaults = new Map<string, MockAnswer<MockPath>>();
  const recorded = new Map<string, MockCall<MockPath>[]>();

  /** The signed-in users by the access tokens the mocks' answers handed out (the latest answer wins). */
  const sessions = new Map<string, HasRole>();

  function rememberSession(answer: unknown): void {
    if (typeof answer !== 'object' || answer === null) return;
    const { accessToken, user } = answer as { accessToken?: unknown; user?: unknown };
    if (typeof accessToken !== 'string' || typeof user !== 'object' || user === null) return;
    if (typeof (user as { role?: unknown }).role === 'string') sessions.set(accessToken, user as HasRole);
  }

  /** The server's access rule for the call (contracts' accessDecision): 401 or 403 as the API's error. */
  function checkAccess(access: Access, request: Request): void {
    if (options.access === 'off') return;
    const token = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const decision = accessDecision(access, token === undefined ? null : sessions.get(token));
    if (decision === 401) throw new MockApiError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
    if (decision === 403) throw new MockApiError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  /** The answer for the next call: a queued one-off first, then the standing answer, then a default. */
  function takeAnswer(path: string): MockAnswer<MockPath> | undefined {
    const queue = once.get(path);
    if (queue && queue.length > 0) return queue.shift();
    return standing.has(path) ? standing.get(path) : defaults.get(path);
  }

  /** Runs the answer for one call and checks what it gives; a MockApiError is the API's error. */
  async function respond(
    path: string,
    call: MockCall<MockPath>,
    output: z.ZodType | undefined,
  ): Promise<unknown> {
    recorded.set(path, [...(recorded.get(path) ?? []), call]);
    const answer = takeAnswer(path);
    if (answer === undefined) {
      throw new MockApiError('NOT_IMPLEMENTED', `@lectio/mocks: no answer registered for ${path}`);
    }
    let value: unknown;
    try {
      value = typeof answer === 'function' ? await answer(call) : answer;
    } catch (error) {
      if (error instanceof MockApiError) throw error;
      return misuse(`@lectio/mocks: the answer for ${path} threw: ${String(error)}`, error);
    }
    if (!output) return value;
    const checked = output.safeParse(value);
    if (!checked.success) {
      return misuse(
        `@lectio/mocks: the answer for ${path} does not match its output schema: ${checked.error.message}`,
      );
    }
    rememberSession(checked.data);
    return checked.data;
  }

  /** The mock was given something the API could never answer: say so loudly, and answer 500. */
  function misuse(message: string, cause?: unknown): never {
    const error = new Error(message, cause === undefined ? undefined : { cause });
    onError(error);
    throw new TransportError('INTERNAL_SERVER_ERROR', message, { key: 'INTERNAL_SERVER_ERROR', status: 500 });
  }

  /** One operation call, whatever the transport: parsed input in, checked output (or MockApiError) out. */
  async function runOperation(
    path: string,
    rawInput: unknown,
    request: Request,
    transport: 'rest' | 'trpc',
  ): Promise<unknown> {
    const operation = operationsByPath.get(path);
    if (!operation) {
      throw new TransportError('NOT_FOUND', `No procedure found on path "${path}"`, {
        key: 'NOT_FOUND',
        status: 404,
      });
    }
    checkAccess(operation.access, request);
    let input: unknown;
    if (operation.input) {
      const parsed = operation.input.safeParse(rawInput);
      if (!parsed.success) throw new InputError(parsed.error);
      input = parsed.data;
    }
    return respond(path, { input, request, transport } as MockCall<MockPath>, operation.output);
  }

  function restHandler(path: OperationPath, operation: Operation): HttpHandler {
    const method = operation.rest.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    return http[method](
      `${base}${API_PREFIX}${toRouterPath(operation.rest.path)}`,
      async ({ request, params }) => {
        const body = inputInQuery(operation.rest.method)
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
        const query = queryObject(new URL(request.url));
        const rawInput = restInputOf(operation, { params: stringRecord(params), query, body });
        try {
          const data = await runOperation(path, rawInput, request, 'rest');
          return await cachedJson(operation.cache, request, operation.rest.status ?? 200, data);
        } catch (error) {
          if (error instanceof MockApiError) return restError(error);
          throw error;
        }
      },
    );
  }

  function httpRouteHandler(name: HttpRouteName, route: HttpRoute): HttpHandler {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    return http[method](`${base}${API_PREFIX}${toRouterPath(route.path)}`, async ({ request, params }) => {
      try {
        checkAccess(route.access, request);
        const input = await httpRouteInput(route, request, stringRecord(params));
        const output = route.responseKind === 'json' ? route.response : undefined;
        const call = { input, request, transport: 'rest' } as MockCall<MockPath>;
        const data = await respond(name, call, output);
        if (route.responseKind === 'json')
          return HttpResponse.json(data as never, { status: route.status ?? 200 });
        return data instanceof Response
          ? data
          : new HttpResponse(data as ConstructorParameters<typeof HttpResponse>[0], { status: 200 });
      } catch (error) {
        if (error instanceof MockApiError) return restError(error);
        throw error;
      }
    });
  }

  /** What an HTTP-only route's call carried; its declared path and query schemas are checked (400). */
  async function httpRouteInput(
    route: HttpRoute,
    request: Request,
    params: Record<string, string>,
  ): Promise<HttpRouteInput> {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    for (const [schema, value] of [
      [route.params, params],
      [route.query, query],
    ] as const) {
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success) throw new InputError(parsed.error);
    }
    const input: HttpRouteInput = { params, query, fields: {}, files: {}, body: undefined };
    if (route.bodyKind === 'raw') input.body = await request.clone().text();
    if (route.bodyKind === 'multipart') {
      const form = await request
        .clone()
        .formData()
        .catch(() => {
          throw new MockApiError('BAD_REQUEST', 'Expected a multipart/form-data body');
        });
      for (const [key, value] of form) {
        if (typeof value === 'string') input.fields[key] = value;
        else input.files[key] = value;
      }
    }
    return input;
  }

  /** tRPC's HTTP protocol: `/trpc/a,b?batch=1` with inputs keyed by index (query string or JSON body). */
  async function trpcResponse(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const paths = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)).split(',');
    const isBatch = url.searchParams.get('batch') === '1';
    let rawInputs: unknown;
    let unreadable: TransportError | undefined;
    try {
      const text = request.method === 'GET' ? url.searchParams.get('input') : await request.clone().text();
      rawInputs = text ? JSON.parse(text) : isBatch ? {} : undefined;
    } catch (error) {
      // tRPC answers unreadable input as a BAD_REQUEST with the JSON parser's message.
      unreadable = new TransportError('BAD_REQUEST', (error as Error).message, {
        key: 'BAD_REQUEST',
        status: 400,
      });
    }
    const results = await Promise.all(
      paths.map(async (path, index) => {
        try {
          if (unreadable) throw unreadable;
          const operation = operationsByPath.get(path);
          if (operation && (operation.kind === 'query') !== (request.method === 'GET')) {
            throw new TransportError(
              'BAD_REQUEST',
              `Unsupported ${request.method}-request to ${operation.kind} procedure at path "${path}"`,
              { key: 'METHOD_NOT_SUPPORTED', status: 405 },
            );
          }
          const rawInput = isBatch ? (rawInputs as Record<string, unknown> | null)?.[index] : rawInputs;
          const data = await runOperation(path, rawInput, request, 'trpc');
          return { status: 200, body: { result: { data } } as object };
        } catch (error) {
          if (!(error instanceof MockApiError)) throw error;
          return { status: error.status, body: trpcError(error, path) as object };
        }
      }),
    );
    const statuses = new Set(results.map((result) => result.status));
    const status = statuses.size === 1 ? (results[0]?.status ?? 200) : 207;
    const body = isBatch ? results.map((result) => result.body) : results[0]?.body;
    // As the server's responseMeta: one GET query of a cached operation, answered, gets its cache headers.
    const single =
      paths.length === 1 && status === 200 ? operationsByPath.get(paths[0] as string) : undefined;
    const policy = single?.kind === 'query' ? single.cache : undefined;
    return cachedJson(policy, request, status, body);
  }

  const routes = [
    ...listOperations().map(({ path, operation }) => ({
      path: operation.rest.path,
      handler: () => restHandler(path, operation),
    })),
    ...httpRouteNames.map((name) => ({
      path: httpRoutes[name].path,
      handler: () => httpRouteHandler(name, httpRoutes[name] as HttpRoute),
    })),
  ].sort((a, b) => compareRoutePaths(a.path, b.path));
  const handlers: HttpHandler[] = [
    ...routes.map((route) => route.handler()),
    http.get(`${base}/trpc/:paths`, ({ request }) => trpcResponse(request)),
    http.post(`${base}/trpc/:paths`, ({ request }) => trpcResponse(request)),
  ];

  const failure =
    (code: ErrorCode, message = defaultMessage(code), issues?: ErrorIssue[]) =>
    () => {
      throw new MockApiError(code, message, issues);
    };

  return {
    handlers,
    answer(path, answer) {
      standing.set(path, answer as MockAnswer<MockPath>);
    },
    answerOnce(path, answer) {
      once.set(path, [...(once.get(path) ?? []), answer as MockAnswer<MockPath>]);
    },
    fail(path, code, message, issues) {
      standing.set(path, failure(code, message, issues));
    },
    failOnce(path, code, message, issues) {
      once.set(path, [...(once.get(path) ?? []), failure(code, message, issues)]);
    },
    answerDefaults() {
      for (const [path, answer] of Object.entries(defaultAnswers())) {
        defaults.set(path, answer as MockAnswer<MockPath>);
      }
    },
    signIn(accessToken, user) {
      sessions.set(accessToken, user);
    },
    calls(path) {
      return [...(recorded.get(path) ?? [])] as never;
    },
    reset() {
      sessions.clear();
      standing.clear();
      once.clear();
      defaults.clear();
      recorded.clear();
    },
  };
}
