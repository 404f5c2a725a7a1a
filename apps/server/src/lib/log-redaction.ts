/**
 * What the server's log may hold: never a query's parameters, a password or its hash, a token, a cookie
 * or card data (issue 12: a failing insert logged an e-mail and a full `$argon2id$` hash).
 *
 * - Errors are logged through `serializeError`, which keeps an allow-list of fields. A failed query
 *   (drizzle's `DrizzleQueryError`: `Failed query: <sql>\nparams: <values>`) keeps its SQL text and
 *   SQLSTATE but loses its parameters, also where the text was copied into a wrapping error's message or
 *   stack (tRPC wraps a resolver's error with the same message). The driver's `detail` (`Key (email)=(…)`)
 *   is never kept.
 * - Requests are logged by method and path: the query string (a search, a tRPC input, a media signature)
 *   is left out.
 * - pino's `redact` censors the fields that carry secrets wherever someone logs such an object.
 */
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';

/** Where log lines go: stdout by default, or any `{ write }` (a test's in-memory sink). */
export interface LogStream {
  write(line: string): void;
}

const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'accessToken',
  'refreshToken',
  'token',
  'setupToken',
  'clientSecret',
  'cardNumber',
  'cvc',
  'params',
];

/** pino `redact` paths: the secret fields at the top level and one level down, and credential headers. */
export const REDACTED_PATHS: string[] = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

/** Error fields that hold no client data: codes, statuses and where PostgreSQL failed. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'severity',
  'routine',
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
  'query',
] as const;

interface FailedQuery {
  message: string;
  query: string;
}

/** Drizzle's DrizzleQueryError, by shape: packages may hold their own copy of the class. */
function asFailedQuery(error: Error): FailedQuery | undefined {
  const { query, params } = error as { query?: unknown; params?: unknown };
  return typeof query === 'string' && Array.isArray(params) ? { message: error.message, query } : undefined;
}

function causesOf(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** The text with every failed query's message (which lists its parameters) cut back to its SQL. */
function withoutParameters(text: string, queries: FailedQuery[]): string {
  let scrubbed = text;
  for (const { message, query } of queries) scrubbed = scrubbed.split(message).join(`Failed query: ${query}`);
  return scrubbed;
}

/** A message or stack safe to show or log: a failed query's parameters are removed wherever they appear. */
export function redactedErrorText(error: unknown, text: string): string {
  if (!(error instanceof Error)) return text;
  const queries = causesOf(error).flatMap((cause) => asFailedQuery(cause) ?? []);
  return withoutParameters(text, queries);
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function describe(error: Error, queries: FailedQuery[], depth: number): SerializedError {
  const described: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: withoutParameters(error.message, queries),
    stack: withoutParameters(error.stack ?? '', queries),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') described[field] = value;
  }
  if (error instanceof AggregateError && depth < 3)
    described.errors = error.errors
      .filter((inner): inner is Error => inner instanceof Error)
      .map((inner) => describe(inner, queries, depth + 1));
  if (error.cause instanceof Error && depth < 3) described.cause = describe(error.cause, queries, depth + 1);
  return described;
}

/** pino's `err` serializer: an allow-list of an error's fields, with no query parameters anywhere. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const queries = causesOf(error).flatMap((cause) => asFailedQuery(cause) ?? []);
  return describe(error, queries, 0);
}

/** pino's `req` serializer: Fastify's fields, with the path only (no query string). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's `logger` option: off for `false` (or level `silent` by default), else these rules at `level`,
 * written to stdout or to the stream given (tests read the log that way).
 */
export function loggerOption(level: string, logger?: boolean | LogStream) {
  if (logger === false || (logger === undefined && level === 'silent')) return false;
  return loggerOptions(level, typeof logger === 'object' ? logger : undefined);
}

function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: serializeRequest,
      err: serializeError,
      error: serializeError,
    },
    ...(stream ? { stream } : {}),
  } satisfies FastifyLoggerOptions & { redact: unknown; serializers: Record<string, unknown> };
}
