/**
 * Checks the answers the integration tests get from /api/v1 against the OpenAPI document, so the
 * document can't promise less (or other) than the server does.
 *
 * `recordApiResponses(app)` (createTestApp calls it) records every `app.inject` answer under /api/v1:
 * method, URL, status, content type and body. The setup file test/setup/api-conformance.ts checks them
 * after each test (and what hooks recorded, after the file), with these rules:
 *
 * 1. the method and path are an operation of the document (a URL no route serves is skipped: that 404
 *    comes from the router, not from an operation);
 * 2. the status is one of the operation's declared responses;
 * 3. a response declared without content (304) has an empty body; otherwise its Content-Type is one of
 *    the declared media types;
 * 4. a JSON body validates against that status's schema (ajv, draft 2020-12, with formats: uuid,
 *    date-time, email, uri...). Binary bodies (media) and HEAD answers skip the body checks.
 */

import { API_PREFIX } from '@lectio/contracts/rest-paths';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { servedOpenApiDocument } from '../../src/rest/openapi-document';

type JsonObject = Record<string, unknown>;

export interface RecordedExchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
  /** The test that made the request (undefined in hooks). */
  test: string | undefined;
  /** Whether a route of the app itself serves the method and path (not a router 404, not a test's route). */
  routed: boolean;
}

interface DocOperation {
  responses: Record<string, JsonObject>;
}

const DOCUMENT_KEY = 'openapi.json';

interface Document {
  paths: Record<string, Record<string, DocOperation>>;
  components: JsonObject;
}

let document: Document | undefined;
let ajv: Ajv2020 | undefined;
let templates: { path: string; segments: string[] }[] | undefined;
const validators = new Map<string, ValidateFunction>();
const recorded: RecordedExchange[] = [];

function loadDocument() {
  if (!document) {
    document = servedOpenApiDocument({ version: 'test' }) as unknown as Document;
    // strict: false because the document around the schemas (paths, info, `example`s) is not JSON Schema.
    ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(document as unknown as JsonObject, DOCUMENT_KEY);
    templates = Object.keys(document.paths).map((path) => ({ path, segments: path.split('/') }));
  }
  return { document, ajv: ajv as Ajv2020, templates: templates ?? [] };
}

/**
 * The document's path template for a concrete path: static segments win over parameters, as routers do,
 * among the templates that have `method` when it is given (routers match per method: GET /videos/signature
 * and DELETE /videos/{id} both match /videos/signature).
 */
export function matchPath(pathname: string, method?: string): string | undefined {
  const segments = pathname.split('/');
  const { document, templates } = loadDocument();
  const candidates = templates.filter(
    (template) =>
      template.segments.length === segments.length &&
      template.segments.every((segment, i) => /^\{\w+\}$/.test(segment) || segment === segments[i]) &&
      (method === undefined || document.paths[template.path]?.[method] !== undefined),
  );
  candidates.sort((a, b) => {
    for (let i = 0; i < a.segments.length; i++) {
      const aParam = /^\{\w+\}$/.test(a.segments[i] ?? '');
      const bParam = /^\{\w+\}$/.test(b.segments[i] ?? '');
      if (aParam !== bParam) return aParam ? 1 : -1;
    }
    return 0;
  });
  return candidates[0]?.path;
}

const pointer = (...segments: string[]) =>
  segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

function validatorFor(path: string, method: string, status: string, mediaType: string, ref?: string) {
  const response = ref
    ? ref
        .replace(/^#\//, '')
        .split('/')
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    : ['paths', path, method, 'responses', status];
  return validatorAt([...response, 'content', mediaType, 'schema']);
}

/** The compiled schema at a JSON pointer of the document (`/components/schemas/Course`), refs resolved. */
export function validatorAt(segments: string[]): ValidateFunction {
  const location = `#/${pointer(...segments)}`;
  let validate = validators.get(location);
  if (!validate) {
    validate = loadDocument().ajv.getSchema(`${DOCUMENT_KEY}${location}`);
    if (!validate) throw new Error(`No schema at ${location}`);
    validators.set(location, validate);
  }
  return validate;
}

/** The document the answers are checked against (built once per test file). */
export function conformanceDocument(): JsonObject {
  return loadDocument().document as unknown as JsonObject;
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  if (declared === actual) return true;
  const [type, subtype] = declared.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map((error) => `${error.instancePath || '(body)'} ${error.message}${formatParams(error)}`)
    .join('; ');
}

function formatParams(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if ('additionalProperty' in params) return ` (${String(params.additionalProperty)})`;
  if ('allowedValues' in params) return ` (${JSON.stringify(params.allowedValues)})`;
  return '';
}

/** What's wrong with one recorded exchange, or null when it conforms. */
export function conformanceProblem(exchange: RecordedExchange): string | null {
  const { document } = loadDocument();
  const pathname = exchange.url.split('?')[0] ?? '';
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  const method = exchange.method.toUpperCase() === 'HEAD' ? 'get' : exchange.method.toLowerCase();
  const path = matchPath(pathname, method);
  const operation = path ? document.paths[path]?.[method] : undefined;
  if (!operation) {
    if (!exchange.routed) return null;
    return `${method.toUpperCase()} ${pathname} is served but is no operation of the document`;
  }
  const where = `${method.toUpperCase()} ${path}`;
  const declared = operation.responses[String(exchange.status)];
  if (!declared)
    return `${where} answered ${exchange.status}, which it doesn't declare (declared: ${Object.keys(operation.responses).join(', ')})`;
  const ref = typeof declared.$ref === 'string' ? declared.$ref : undefined;
  const response = ref ? resolveRef(document as unknown as JsonObject, ref) : declared;
  const content = response.content as Record<string, unknown> | undefined;
  if (exchange.method.toUpperCase() === 'HEAD') return null;
  if (!content) {
    return exchange.body.length === 0
      ? null
      : `${where} ${exchange.status} is declared without a body, but one came (${exchange.body.slice(0, 80)})`;
  }
  const actual = (exchange.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const mediaType = Object.keys(content).find((type) => mediaTypeMatches(type, actual));
  if (!mediaType)
    return `${where} ${exchange.status} came as ${actual || 'no Content-Type'}, not one of ${Object.keys(content).join(', ')}`;
  if (mediaType !== 'application/json') return null;
  let body: unknown;
  try {
    body = JSON.parse(exchange.body);
  } catch {
    return `${where} ${exchange.status} is not JSON: ${exchange.body.slice(0, 80)}`;
  }
  const validate = validatorFor(path as string, method, String(exchange.status), mediaType, ref);
  if (validate(body)) return null;
  return `${where} ${exchange.status} body doesn't match the document: ${formatErrors(validate.errors)}; body: ${exchange.body.slice(0, 300)}`;
}

function resolveRef(root: JsonObject, ref: string): JsonObject {
  let node: unknown = root;
  for (const segment of ref.replace(/^#\//, '').split('/'))
    node = (node as JsonObject)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as JsonObject;
}

/**
 * Records every /api/v1 answer `app.inject` gives (the promise form the tests use). Call it on the built
 * app: routes added after it (by a test, such as a route that throws) are not the app's and are skipped.
 */
export function recordApiResponses(app: FastifyInstance): void {
  const testRoutes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp(
      `^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`,
    );
    for (const method of [route.method].flat()) testRoutes.push({ method, pattern });
  });
  const isTestRoute = (method: string, pathname: string) =>
    testRoutes.some((route) => route.method === method && route.pattern.test(pathname));
  const inject = app.inject.bind(app);
  const recording = ((options?: InjectOptions | string, callback?: unknown) => {
    // The chain form (no options) and the callback form are passed through unrecorded; the tests use neither.
    if (options === undefined || callback !== undefined)
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    return inject(options).then((response) => {
      record(app, options, response, isTestRoute);
      return response;
    });
  }) as FastifyInstance['inject'];
  app.inject = recording;
}

function record(
  app: FastifyInstance,
  options: InjectOptions | string,
  response: LightMyRequestResponse,
  isTestRoute: (method: string, pathname: string) => boolean,
) {
  const method = (typeof options === 'string' ? 'GET' : (options.method ?? 'GET')).toUpperCase();
  const rawUrl = typeof options === 'string' ? options : (options.url ?? options.path ?? '/');
  const url = typeof rawUrl === 'string' ? rawUrl : String(rawUrl.pathname ?? '/');
  if (!url.startsWith(`${API_PREFIX}/`)) return;
  const contentType = response.headers['content-type'];
  const routeMethod = method === 'HEAD' ? 'GET' : method;
  const pathname = url.split('?')[0] ?? url;
  recorded.push({
    method,
    url,
    status: response.statusCode,
    contentType: Array.isArray(contentType) ? contentType[0] : contentType?.toString(),
    body: response.body,
    test: expect.getState().currentTestName,
    routed:
      app.findRoute({ method: routeMethod, url: pathname }) !== null && !isTestRoute(routeMethod, pathname),
  });
}

/** Takes the recorded exchanges out of the sink and returns the problems, one line each. */
export function takeConformanceProblems(): string[] {
  const exchanges = recorded.splice(0, recorded.length);
  const problems: string[] = [];
  for (const exchange of exchanges) {
    const problem = conformanceProblem(exchange);
    if (problem)
      problems.push(
        `${exchange.method} ${exchange.url} -> ${exchange.status}${exchange.test ? ` [${exchange.test}]` : ''}: ${problem}`,
      );
  }
  return problems;
}

/** Throws one error listing the problems (the first 20), if any. */
export function assertConformance(problems: string[], when: string): void {
  if (problems.length === 0) return;
  const shown = problems.slice(0, 20).map((problem) => `  - ${problem}`);
  const more = problems.length > 20 ? [`  ... and ${problems.length - 20} more`] : [];
  throw new Error(
    [`${problems.length} answer(s) ${when} don't conform to the OpenAPI document:`, ...shown, ...more].join(
      '\n',
    ),
  );
}
