/**
 * The fuzz tier's targets and their requests, derived from the contracts: every REST route (`restRoutes`:
 * the operations' bindings and the HTTP-only routes) and every tRPC procedure (`listOperations`). An
 * operation's input comes from `z.toJSONSchema(operation.input)`; an HTTP-only route's parameters and body
 * from the OpenAPI document built from the same declarations. Each target gives a fast-check arbitrary of
 * cases, about half valid-shaped and half malformed (hostile-values.ts).
 */
import { listOperations, type OperationPath } from '@lectio/contracts/api';
import { buildOpenApiDocument } from '@lectio/contracts/openapi';
import { inputInQuery, type Operation, pathParameters } from '@lectio/contracts/operation';
import { API_PREFIX, type RestRoute, restRoutes } from '@lectio/contracts/rest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import {
  encode,
  hostileCredentials,
  hostileCursor,
  hostileValue,
  malformedBody,
  malformedQueryPart,
  malformedSegment,
  mutatedInput,
} from './hostile-values';
import { type JsonSchema, schemaArbitrary } from './schema-arbitrary';

export const ACTORS = ['anonymous', 'student', 'instructor', 'admin'] as const;

/** The kind of a case whose cursor no server wrote (hostile-values.ts, `hostileCursor`). */
export const HOSTILE_CURSOR = 'hostile-cursor';
export type ActorName = (typeof ACTORS)[number];

/** One generated request: `build` runs when it is sent, with dictionary picks resolved by `resolve`. */
export interface FuzzCase {
  target: string;
  kind: string;
  actor: ActorName;
  /** Source address (spread so per-IP limits see many clients, as in production). */
  remoteAddress: string;
  build(resolve: (value: unknown) => unknown): Omit<InjectOptions, 'remoteAddress'>;
}

export interface FuzzTarget {
  name: string;
  /** Relative share of the request budget (password hashing targets get less: argon2 is slow). */
  weight: number;
  cases: fc.Arbitrary<FuzzCase>;
}

type JsonObject = Record<string, unknown>;

const document = buildOpenApiDocument({ version: 'fuzz' }) as JsonObject;

function inputSchema(operation: Operation): JsonSchema | undefined {
  return operation.input
    ? (z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;
}

/** Whether hashing a password can be on the path (a `password` field): such targets get a small share. */
function hashesPasswords(schema: JsonSchema | undefined): boolean {
  return JSON.stringify(schema ?? {}).includes('"password"');
}

const envelope = fc.record({
  actor: fc.constantFrom(...ACTORS),
  remoteAddress: fc
    .tuple(
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 1, max: 254 }),
    )
    .map(([a, b, c]) => `10.${a}.${b}.${c}`),
});

const asObject = (value: unknown): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};

function encodeQueryValue(value: unknown): string {
  return encode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** `?a=1&b=x`: arrays as repeated keys, objects as JSON text (the query string has no nesting). */
export function queryString(fields: JsonObject, extra: string[] = []): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      parts.push(`${encode(key)}=${encodeQueryValue(item)}`);
  }
  parts.push(...extra);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function fillSegments(
  path: string,
  values: JsonObject,
  override?: { name: string; segment: string },
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.segment;
    const value = values[name];
    return encode(
      value === undefined ? 'undefined' : typeof value === 'string' ? value : JSON.stringify(value),
    );
  });
}

type Variant =
  | { kind: 'valid'; input: unknown }
  | {
      kind: string;
      input: unknown;
      body?: { body: (input: unknown) => string | Buffer; contentType: string | undefined };
    }
  | { kind: string; input: unknown; queryPart?: (key: string) => string }
  | { kind: string; input: unknown; segment?: string }
  | { kind: string; input: unknown; headers?: Record<string, unknown> }
  | { kind: string; input: unknown; method?: string };

/** The valid-shaped input and a malformed variant of it, for an operation's input schema. */
function variants(
  schema: JsonSchema | undefined,
  where: 'query' | 'body' | 'trpc',
  path: string,
): fc.Arbitrary<Variant> {
  const input = schema ? schemaArbitrary(schema, { root: schema }) : fc.constant(undefined);
  const names = pathParameters(path);
  return input.chain((value) => {
    const options: fc.Arbitrary<Variant>[] = [
      fc.constant({ kind: 'valid', input: value }),
      mutatedInput(value),
      hostileCredentials.map(({ kind, headers }) => ({ kind, input: value, headers })),
      fc
        .constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS')
        .map((method) => ({ kind: 'other-method', input: value, method })),
    ];
    if (where !== 'query')
      options.push(
        malformedBody().map(({ kind, body, contentType }) => ({
          kind,
          input: value,
          body: { body, contentType },
        })),
      );
    if (where !== 'body')
      options.push(malformedQueryPart.map(({ kind, text }) => ({ kind, input: value, queryPart: text })));
    if (names.length > 0)
      options.push(malformedSegment.map(({ kind, segment }) => ({ kind, input: value, segment })));
    // A paginated operation (a `cursor` in its input) also gets cursors no server wrote.
    const paginated = schema?.properties !== undefined && 'cursor' in (schema.properties as object);
    return fc.oneof(
      { weight: 5, arbitrary: fc.constant<Variant>({ kind: 'valid', input: value }) },
      { weight: 5, arbitrary: fc.oneof(...options.slice(1)) },
      ...(paginated
        ? [
            {
              weight: 2,
              arbitrary: hostileCursor.map(
                (cursor): Variant => ({ kind: HOSTILE_CURSOR, input: { ...asObject(value), cursor } }),
              ),
            },
          ]
        : []),
    );
  });
}

function restOperationTarget(route: RestRoute, operation: Operation): FuzzTarget {
  const schema = inputSchema(operation);
  const inQuery = inputInQuery(route.method);
  const names = pathParameters(route.path);
  const cases = fc.tuple(envelope, variants(schema, inQuery ? 'query' : 'body', route.path)).map(
    ([{ actor, remoteAddress }, variant]): FuzzCase => ({
      target: `REST ${route.method} ${route.path}`,
      kind: variant.kind,
      actor,
      remoteAddress,
      build(resolve) {
        const input = resolve(variant.input);
        const fields = asObject(input);
        const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !names.includes(key)));
        const segmentName = 'segment' in variant && variant.segment !== undefined ? names[0] : undefined;
        const pathText = fillSegments(
          route.path,
          fields,
          segmentName && 'segment' in variant
            ? { name: segmentName, segment: variant.segment as string }
            : undefined,
        );
        const queryKey = Object.keys(rest)[0] ?? 'x';
        const extra = 'queryPart' in variant && variant.queryPart ? [variant.queryPart(queryKey)] : [];
        const method = ('method' in variant && variant.method) || route.method;
        const headers = { ...('headers' in variant ? variant.headers : {}) };
        if (inQuery)
          return { method, url: `${API_PREFIX}${pathText}${queryString(rest, extra)}`, headers } as never;
        const raw = 'body' in variant ? variant.body : undefined;
        const sent =
          input === undefined ? rest : Array.isArray(input) || typeof input !== 'object' ? input : rest;
        const body = raw ? raw.body(sent) : (JSON.stringify(sent) ?? '');
        const contentType = raw ? raw.contentType : 'application/json';
        return {
          method,
          url: `${API_PREFIX}${pathText}${extra.length > 0 ? `?${extra.join('&')}` : ''}`,
          headers: { ...(contentType !== undefined ? { 'content-type': contentType } : {}), ...headers },
          payload: body,
        } as never;
      },
    }),
  );
  return { name: `REST ${route.method} ${route.path}`, weight: hashesPasswords(schema) ? 0.25 : 1, cases };
}

function trpcTarget(path: OperationPath, operation: Operation): FuzzTarget {
  const schema = inputSchema(operation);
  const query = operation.kind === 'query';
  const cases = fc
    .tuple(
      envelope,
      variants(schema, query ? 'query' : 'body', ''),
      fc.oneof(
        { weight: 9, arbitrary: fc.constant<string | undefined>(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{', '{"a":', 'undefined', '%7B', '[]', '"x"', 'null', '1e999'),
        },
      ),
    )
    .map(
      ([{ actor, remoteAddress }, variant, rawInput]): FuzzCase => ({
        target: `tRPC ${path}`,
        kind: rawInput !== undefined ? 'raw-trpc-input' : variant.kind,
        actor,
        remoteAddress,
        build(resolve) {
          const input = resolve(variant.input);
          const method = ('method' in variant && variant.method) || (query ? 'GET' : 'POST');
          const headers = { ...('headers' in variant ? variant.headers : {}) };
          const inputText = rawInput ?? (input === undefined ? undefined : JSON.stringify(input));
          const extra = 'queryPart' in variant && variant.queryPart ? [variant.queryPart('input')] : [];
          if (method === 'GET' || method === 'HEAD' || method === 'DELETE') {
            const parts = [
              ...(inputText !== undefined ? [`input=${encodeURIComponent(inputText)}`] : []),
              ...extra,
            ];
            return {
              method,
              url: `/trpc/${path}${parts.length ? `?${parts.join('&')}` : ''}`,
              headers,
            } as never;
          }
          const raw = 'body' in variant ? variant.body : undefined;
          return {
            method,
            url: `/trpc/${path}${extra.length ? `?${extra.join('&')}` : ''}`,
            headers: { 'content-type': raw ? (raw.contentType ?? '') : 'application/json', ...headers },
            ...(raw ? { payload: raw.body(input) } : inputText !== undefined ? { payload: inputText } : {}),
          } as never;
        },
      }),
    );
  return { name: `tRPC ${path}`, weight: hashesPasswords(schema) ? 0.25 : 1, cases };
}

/** Batches over /trpc: several procedures (queries or mutations, mixed on purpose), one input each. */
function trpcBatchTarget(): FuzzTarget {
  const operations = listOperations().filter(({ operation }) => !hashesPasswords(inputSchema(operation)));
  const call = fc.constantFrom(...operations).chain(({ path, operation }) => {
    const schema = inputSchema(operation);
    const input = schema ? schemaArbitrary(schema, { root: schema }) : fc.constant(undefined);
    return fc.tuple(
      fc.constant(path as string),
      fc.constant(operation.kind),
      fc.oneof({ weight: 4, arbitrary: input }, { weight: 1, arbitrary: hostileValue }),
    );
  });
  const cases = fc
    .tuple(
      envelope,
      fc.oneof(
        { weight: 6, arbitrary: fc.array(call, { minLength: 1, maxLength: 6 }) },
        { weight: 1, arbitrary: fc.array(call, { minLength: 20, maxLength: 120 }) },
      ),
      fc.constantFrom('map', 'array', 'short', 'unknown-path', 'string-input'),
      fc.boolean(),
    )
    .map(
      ([{ actor, remoteAddress }, calls, shape, asGet]): FuzzCase => ({
        target: 'tRPC batch',
        kind: shape === 'map' ? (calls.length > 10 ? 'large-batch' : 'batch') : `batch-${shape}`,
        actor,
        remoteAddress,
        build(resolve) {
          const paths = calls.map(([path]) => path);
          if (shape === 'unknown-path') paths.push('nothing.here');
          const inputs = calls.map(([, , input]) => resolve(input));
          const payload =
            shape === 'array'
              ? inputs
              : shape === 'string-input'
                ? 'x'
                : Object.fromEntries(
                    (shape === 'short' ? inputs.slice(1) : inputs).map((input, i) => [String(i), input]),
                  );
          const url = `/trpc/${paths.join(',')}?batch=1`;
          const text = JSON.stringify(payload) ?? '';
          const mutation = calls.some(([, kind]) => kind === 'mutation');
          if (asGet || !mutation)
            return { method: 'GET', url: `${url}&input=${encodeURIComponent(text)}` } as never;
          return {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: text,
          } as never;
        },
      }),
    );
  return { name: 'tRPC batch', weight: 2, cases };
}

/** An HTTP-only route: parameters and body from its OpenAPI entry (multipart, raw, binary downloads). */
function httpRouteTarget(route: RestRoute, files: { video: Buffer; image: Buffer }): FuzzTarget {
  const entry = (document.paths as Record<string, Record<string, JsonObject>>)[
    `${API_PREFIX}${route.path}`
  ]?.[route.method.toLowerCase()];
  if (!entry) throw new Error(`${route.name} is not in the OpenAPI document`);
  const parameters = (entry.parameters as JsonObject[] | undefined) ?? [];
  const paramsSchema: JsonSchema = { type: 'object', properties: {}, required: [] };
  const querySchema: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const parameter of parameters) {
    const target =
      parameter.in === 'path' ? paramsSchema : parameter.in === 'query' ? querySchema : undefined;
    if (!target) continue;
    (target.properties as JsonObject)[parameter.name as string] = parameter.schema;
    if (parameter.required) (target.required as string[]).push(parameter.name as string);
  }
  const content = ((entry.requestBody as JsonObject | undefined)?.content ?? {}) as Record<
    string,
    JsonObject
  >;
  const multipart = content['multipart/form-data'];
  const root = document;
  const params = schemaArbitrary(paramsSchema, { root });
  const queryArb = schemaArbitrary(querySchema, { root });
  const fileField = multipart ? Object.keys((multipart.encoding ?? {}) as JsonObject)[0] : undefined;
  const fileTypes =
    multipart && fileField
      ? String(((multipart.encoding as JsonObject)[fileField] as JsonObject).contentType).split(', ')
      : [];
  const formSchema = multipart ? (multipart.schema as JsonSchema) : undefined;
  const formFields = formSchema
    ? schemaArbitrary(
        {
          ...formSchema,
          properties: Object.fromEntries(
            Object.entries(formSchema.properties as JsonObject).filter(([key]) => key !== fileField),
          ),
        },
        { root },
      )
    : fc.constant(undefined);
  const file = fc.oneof(
    fc.constantFrom(...fileTypes, 'text/plain', 'application/octet-stream').chain((contentType) =>
      fc
        .oneof(
          fc.constant(contentType.startsWith('image/') ? files.image : files.video),
          fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
        )
        .map((data) => ({ contentType, data })),
    ),
  );
  const shape = fc.constantFrom(
    'valid',
    'valid',
    'valid',
    'file-first',
    'no-file',
    'two-files',
    'truncated',
    'no-boundary',
    'json-body',
    'huge-field',
    'hostile-field',
  );
  const range = fc.option(
    fc.constantFrom(
      'bytes=0-1',
      'bytes=-5',
      'bytes=10-',
      'bytes=5-2',
      'bytes=abc',
      'bytes=0-0,2-3',
      'bytes=99999999999999999999-',
      'items=0-1',
      'bytes=-0',
    ),
    { nil: undefined },
  );
  const cases = fc
    .tuple(
      envelope,
      params,
      queryArb,
      formFields,
      file,
      shape,
      range,
      hostileValue,
      malformedSegment,
      fc.jsonValue({ maxDepth: 3 }),
    )
    .map(
      ([
        { actor, remoteAddress },
        paramValues,
        queryValues,
        formValues,
        fileValue,
        bodyShape,
        rangeHeader,
        hostile,
        segment,
        webhookBody,
      ]): FuzzCase => ({
        target: `REST ${route.method} ${route.path}`,
        kind: multipart ? `multipart-${bodyShape}` : bodyShape === 'hostile-field' ? segment.kind : 'valid',
        actor,
        remoteAddress,
        build(resolve) {
          const pathValues = asObject(resolve(paramValues));
          const pathText = fillSegments(
            route.path,
            pathValues,
            bodyShape === 'hostile-field' && pathParameters(route.path)[0]
              ? { name: pathParameters(route.path)[0] as string, segment: segment.segment }
              : undefined,
          );
          const url = `${API_PREFIX}${pathText}${queryString(asObject(resolve(queryValues)))}`;
          const headers: Record<string, string> = rangeHeader ? { range: rangeHeader } : {};
          if (route.bodyKind === 'raw')
            return {
              method: route.method,
              url,
              headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc', ...headers },
              payload: JSON.stringify(webhookBody),
            } as never;
          if (!multipart || !fileField) return { method: route.method, url, headers } as never;
          const fields = Object.entries(asObject(resolve(formValues))).map(
            ([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)] as const,
          );
          if (bodyShape === 'hostile-field')
            fields.push([
              fields[0]?.[0] ?? 'title',
              typeof hostile === 'string' ? hostile : (JSON.stringify(hostile) ?? ''),
            ]);
          if (bodyShape === 'huge-field') fields.push(['description', 'd'.repeat(64 * 1024)]);
          return multipartRequest(route.method, url, fields, bodyShape, fileField, fileValue);
        },
      }),
    );
  return { name: `REST ${route.method} ${route.path}`, weight: 1, cases };
}

function multipartRequest(
  method: string,
  url: string,
  fields: (readonly [string, string])[],
  shape: string,
  fileField: string,
  file: { contentType: string; data: Buffer },
) {
  const boundary = '----lectio-fuzz-boundary';
  const part = (name: string, value: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`;
  const filePart = () =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="f.bin"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]);
  const text = Buffer.from(fields.map(([name, value]) => part(name, value)).join(''));
  const end = Buffer.from(`--${boundary}--\r\n`);
  let payload: Buffer;
  if (shape === 'file-first') payload = Buffer.concat([filePart(), text, end]);
  else if (shape === 'no-file') payload = Buffer.concat([text, end]);
  else if (shape === 'two-files') payload = Buffer.concat([text, filePart(), filePart(), end]);
  else payload = Buffer.concat([text, filePart(), end]);
  if (shape === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    shape === 'no-boundary'
      ? 'multipart/form-data'
      : shape === 'json-body'
        ? 'application/json'
        : `multipart/form-data; boundary=${boundary}`;
  return { method, url, headers: { 'content-type': contentType }, payload } as never;
}

/** Every target: each REST route, each tRPC procedure, and tRPC batches. */
export function fuzzTargets(files: { video: Buffer; image: Buffer }): FuzzTarget[] {
  const targets: FuzzTarget[] = [];
  for (const route of restRoutes)
    targets.push(
      route.operation ? restOperationTarget(route, route.operation) : httpRouteTarget(route, files),
    );
  for (const { path, operation } of listOperations()) targets.push(trpcTarget(path, operation));
  targets.push(trpcBatchTarget());
  return targets;
}
